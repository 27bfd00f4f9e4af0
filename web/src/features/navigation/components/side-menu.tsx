import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { BUILT_IN_STUDIO_NAME } from '../../../config/studio';
import { useBrandingStore } from '../../../lib/branding';
import { useT } from '../../../lib/i18n';
import type { Viewer } from '../menu-items';
import { menuGroupsFor } from '../menu-items';
import { NavIcon } from './nav-icon';

export interface SideMenuProps {
  id: string;
  viewer: Viewer;
  /** The branch an admin or the front desk manages (a branch manager's menu); null: the chain. */
  branchScope?: string | null;
  uid: string;
  versionLabel: string;
  /** Off-canvas state on narrow screens; from 1024 px the menu always shows. */
  open: boolean;
  onClose: () => void;
  /** Present when someone is signed in: the Account group ends with Logout. */
  onLogout?: () => void;
}

/** Links the current location: a link is current on its own address, query aside. */
function isCurrent(href: string, location: string): boolean {
  return location === href || (href !== '/' && location === href.replace(/\/$/, ''));
}

export function SideMenu({
  id,
  viewer,
  branchScope = null,
  uid,
  versionLabel,
  open,
  onClose,
  onLogout,
}: SideMenuProps) {
  const t = useT();
  const studioName = useBrandingStore((state) => state.branding?.name);
  const [location] = useLocation();
  const closeButton = useRef<HTMLButtonElement>(null);
  const groups = menuGroupsFor(viewer, uid, branchScope);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <>
      <div className="backdrop" hidden={!open} aria-hidden="true" onClick={onClose} />
      <aside id={id} className={open ? 'side-menu is-open' : 'side-menu'}>
        <nav aria-label={t('sideMenu')}>
          <div className="side-menu-header">
            <span className="side-menu-title">
              {studioName ?? BUILT_IN_STUDIO_NAME ?? t('appName')}
            </span>
            <button
              ref={closeButton}
              type="button"
              className="icon-button side-menu-close"
              aria-label={t('closeMenu')}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="side-menu-groups">
            {groups.map((group) => {
              const headingId = `${id}-${group.heading}`;
              const last = group.heading === 'menuGroupAccount';
              return (
                <section
                  key={group.heading}
                  className="side-menu-group"
                  aria-labelledby={headingId}
                >
                  <h2 id={headingId} className="side-menu-heading">
                    {t(group.heading)}
                  </h2>
                  <ul className="side-menu-items">
                    {group.items.map((item) => (
                      <li key={item.label}>
                        <Link
                          href={item.href}
                          aria-current={isCurrent(item.href, location) ? 'page' : undefined}
                          onClick={onClose}
                        >
                          <NavIcon name={item.icon} />
                          <span>{t(item.label)}</span>
                        </Link>
                      </li>
                    ))}
                    {last && onLogout && (
                      <li>
                        <button type="button" className="side-menu-logout" onClick={onLogout}>
                          <NavIcon name="logout" />
                          <span>{t('menuLogout')}</span>
                        </button>
                      </li>
                    )}
                  </ul>
                </section>
              );
            })}
          </div>
          <div className="side-menu-footer">
            <span className="version-label">{versionLabel}</span>
          </div>
        </nav>
      </aside>
    </>
  );
}
