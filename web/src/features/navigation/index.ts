export { SideMenu } from './components/side-menu';
export type { SideMenuProps } from './components/side-menu';
export { TabBar } from './components/tab-bar';
export { menuItemsFor } from './menu-items';
export type { MenuItem, Viewer } from './menu-items';
