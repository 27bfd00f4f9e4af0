import { Link, useLocation } from 'wouter';
import { useT } from '../../../lib/i18n';
import type { Viewer } from '../menu-items';
import { isTabActive, tabItemsFor } from '../tab-items';
import { NavIcon } from './nav-icon';

/** The phone's tab bar (hidden from 1024 px, where the side navigation stays open). */
export function TabBar({
  viewer,
  uid,
  branchScope = null,
}: {
  viewer: Viewer;
  uid: string;
  /** The branch a branch manager manages (their tabs); null: the chain. */
  branchScope?: string | null;
}) {
  const t = useT();
  const [location] = useLocation();
  return (
    <nav className="tab-bar" aria-label={t('tabBar')}>
      <ul>
        {tabItemsFor(viewer, uid, branchScope).map((tab) => {
          const active = isTabActive(tab, location);
          return (
            <li key={tab.route.name}>
              <Link
                href={tab.href}
                className={active ? 'tab is-active' : 'tab'}
                aria-current={active ? 'page' : undefined}
              >
                <NavIcon name={tab.icon} className="tab-icon" />
                <span className="tab-label">{t(tab.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
