// The site's date format lives in shared/longDate.ts, which the transactional mails use too.
export {formatLongDate} from '../../shared/longDate';
