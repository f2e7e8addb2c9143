// Wraps theme-classic's Navbar/MobileSidebar (@theme-original/Navbar/MobileSidebar).
// Reason: on a phone the original renders the closed drawer off-screen from the first paint, and
// its links sit flush against the viewport's edge, which IntersectionObserver counts as visible:
// every page prefetched the chunks of every sidebar and navbar link (docs pages 50-100 KiB gzip)
// for a drawer most visitors never open. It now mounts the first time it opens and then stays,
// so only the first opening skips the slide-in.
import React, {useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

export default function MobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  return opened ? <MobileSidebar /> : null;
}
