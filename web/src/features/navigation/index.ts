export { SideMenu } from './components/side-menu';
export type { SideMenuProps } from './components/side-menu';
export { TabBar } from './components/tab-bar';
export { NavIcon } from './components/nav-icon';
export { isWorkspaceViewer, menuGroupsFor, menuItemsFor } from './menu-items';
export type { MenuGroup, MenuItem, Viewer } from './menu-items';
