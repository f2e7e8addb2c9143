// The public certificate verification page. One route, `/certificates`, that is not exact, so
// it also matches `/certificates/<code>`: the build writes `/certificates/index.html` once, a
// static host rewrites `/certificates/*` to it, and the page reads the code from the address
// after hydration (codes are unbounded, so no page can be generated per code). Without the
// rewrite (`docusaurus serve`) the host's 404 page answers, and src/theme/NotFound/Content
// shows the same view there.
import type {Plugin} from '@docusaurus/types';

export default function certificatesPlugin(): Plugin {
  return {
    name: 'certificates',
    async contentLoaded({actions}) {
      actions.addRoute({path: '/certificates', exact: false, component: '@site/src/components/CertificatePage/index.tsx'});
    },
  };
}
