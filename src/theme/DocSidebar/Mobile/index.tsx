// Replaces theme-classic's DocSidebar/Mobile (not a wrapper: what changes is what it hands the
// navbar). Reason: the original gives NavbarSecondaryMenuFiller its props object as is, and the
// filler memoises it by sorting its keys with localeCompare. On a phone that call, once the page
// has hydrated, is usually the page's first use of Intl and loads ICU's collation data: 65–100 ms
// of main thread under Lighthouse's 4× CPU slowdown, for nothing. One key sorts without a
// comparison. The menu itself is the theme's: the same items, classes and close-on-click rule.
import React, {memo, useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import {NavbarSecondaryMenuFiller, ThemeClassNames} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import DocSidebarItems from '@theme/DocSidebarItems';
import type {Props} from '@theme/DocSidebar/Mobile';

function SecondaryMenu({menu: {sidebar, path}}: {menu: Pick<Props, 'sidebar' | 'path'>}): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  return (
    <ul className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')}>
      <DocSidebarItems
        items={sidebar}
        activePath={path}
        // A link, or a category that is also a page, leaves the menu; a plain category only folds.
        onItemClick={(item) => {
          if (item.type === 'link' || (item.type === 'category' && item.href)) mobileSidebar.toggle();
        }}
        level={1}
      />
    </ul>
  );
}

function DocSidebarMobile({sidebar, path}: Props): ReactNode {
  const props = useMemo(() => ({menu: {sidebar, path}}), [sidebar, path]);
  return <NavbarSecondaryMenuFiller component={SecondaryMenu} props={props} />;
}

export default memo(DocSidebarMobile);
