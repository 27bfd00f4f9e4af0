import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { BUILT_IN_STUDIO_NAME } from '../../../config/studio';
import { useBrandingStore } from '../../../lib/branding';
import { useT } from '../../../lib/i18n';
import type { Viewer } from '../menu-items';
import { menuItemsFor } from '../menu-items';

export interface SideMenuProps {
  id: string;
  viewer: Viewer;
  uid: string;
  versionLabel: string;
  /** Off-canvas state on narrow screens; wide screens always show the menu. */
  open: boolean;
  onClose: () => void;
  /** Present when someone is signed in. */
  onLogout?: () => void;
}

export function SideMenu({
  id,
  viewer,
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
          <ul className="side-menu-items">
            {menuItemsFor(viewer, uid).map((item) => (
              <li key={item.label}>
                <Link
                  href={item.href}
                  aria-current={location === item.href ? 'page' : undefined}
                  onClick={onClose}
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
          <div className="side-menu-footer">
            {onLogout && (
              <button type="button" className="button button-secondary" onClick={onLogout}>
                {t('menuLogout')}
              </button>
            )}
            <span className="version-label">{versionLabel}</span>
          </div>
        </nav>
      </aside>
    </>
  );
}
