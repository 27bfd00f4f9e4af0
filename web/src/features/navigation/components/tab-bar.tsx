import { Link, useLocation } from 'wouter';
import { useT } from '../../../lib/i18n';
import { isTabActive, tabItemsFor } from '../tab-items';
import { TabIcon } from './tab-icon';

export function TabBar({ uid }: { uid: string }) {
  const t = useT();
  const [location] = useLocation();
  return (
    <nav className="tab-bar" aria-label={t('tabBar')}>
      <ul>
        {tabItemsFor(uid).map((tab) => {
          const active = isTabActive(tab, location);
          return (
            <li key={tab.route.name}>
              <Link
                href={tab.href}
                className={active ? 'tab is-active' : 'tab'}
                aria-current={active ? 'page' : undefined}
              >
                <TabIcon name={tab.icon} />
                <span className="tab-label">{t(tab.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
