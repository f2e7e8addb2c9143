import React, {useState} from 'react';
import styles from './styles.module.css';

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoEmbedProps {
  provider: VideoProvider;
  /** The provider's video id (YouTube: the `v=` value; Vimeo: the number). */
  id: string;
  title: string;
  /** Optional start offset in seconds. */
  start?: number;
  /** Who published the video, shown under the poster so learners know the source. */
  source?: string;
}

/** Player URL, on the provider's privacy-enhanced host where one exists. */
export function embedUrl({provider, id, start}: Pick<VideoEmbedProps, 'provider' | 'id' | 'start'>): string {
  const safeId = encodeURIComponent(id);
  if (provider === 'youtube') {
    const params = new URLSearchParams({autoplay: '1', rel: '0'});
    if (start) params.set('start', String(Math.floor(start)));
    return `https://www.youtube-nocookie.com/embed/${safeId}?${params.toString()}`;
  }
  const params = new URLSearchParams({autoplay: '1', dnt: '1'});
  return `https://player.vimeo.com/video/${safeId}?${params.toString()}${start ? `#t=${Math.floor(start)}s` : ''}`;
}

function watchUrl({provider, id}: Pick<VideoEmbedProps, 'provider' | 'id'>): string {
  return provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`
    : `https://vimeo.com/${encodeURIComponent(id)}`;
}

/**
 * A click-to-load video: until the learner presses play, the page makes no request to the
 * video provider (no iframe, no thumbnail from their servers), so nothing is shared with them.
 */
export default function VideoEmbed({provider, id, title, start, source}: VideoEmbedProps): React.JSX.Element {
  const [active, setActive] = useState(false);
  const providerName = provider === 'youtube' ? 'YouTube' : 'Vimeo';
  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        {active ? (
          <iframe
            className={styles.iframe}
            src={embedUrl({provider, id, start})}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className={styles.poster} onClick={() => setActive(true)}>
            <span className={styles.play} aria-hidden="true">
              ▶
            </span>
            <span className={styles.posterTitle}>{title}</span>
            <span className={styles.notice}>
              Play video — loads the {providerName} player, which may set cookies
            </span>
          </button>
        )}
      </div>
      <figcaption className={styles.caption}>
        {title}
        {source ? ` — ${source}` : ''} ·{' '}
        <a href={watchUrl({provider, id})} target="_blank" rel="noopener noreferrer">
          Watch on {providerName}
        </a>
      </figcaption>
    </figure>
  );
}
