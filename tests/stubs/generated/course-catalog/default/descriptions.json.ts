// Stand-in for the descriptions module plugins/course-catalog writes at build time: the same
// function over the same docs/.
import path from 'node:path';
import {readCatalog} from '../../../../../src/catalog/readCatalog';
import {catalogDescriptions} from '../../../../../src/catalog/types';

export default catalogDescriptions(readCatalog(path.resolve(__dirname, '../../../../../docs')));
