import type { TabIcon as TabIconName } from '../tab-items';

const ICON_PATHS: Readonly<Record<TabIconName, readonly string[]>> = {
  home: ['M3 11 12 3l9 8', 'M5 10v10h5v-6h4v6h5V10'],
  profile: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4 21c0-4 3.6-6 8-6s8 2 8 6'],
  cart: ['M3 4h2l2.5 11h10.5l2-8H6', 'M9 20h.01', 'M17 20h.01'],
  calendar: ['M4 6h16v14H4Z', 'M4 10h16', 'M8 3v4', 'M16 3v4'],
  packages: ['M4 8h16v12H4Z', 'M4 8l2-4h12l2 4', 'M12 8v12'],
  purchases: ['M6 3h12v18l-3-2-3 2-3-2-3 2Z', 'M9 8h6', 'M9 12h6'],
};

export function TabIcon({ name }: { name: TabIconName }) {
  return (
    <svg
      className="tab-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
