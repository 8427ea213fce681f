/** Bottom-nav and header icons: inline SVG (no icon font, no extra request), decorative. */
const PATHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 10v9.5h5v-6h3v6h5V10',
  deposit: 'M12 4v12m0 0-4.5-4.5M12 16l4.5-4.5M4 20h16',
  withdraw: 'M12 16V4m0 0L7.5 8.5M12 4l4.5 4.5M4 20h16',
  affiliate: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8.5a7.5 7.5 0 0 1 15 0',
  logout: 'M14 4h4.5a1.5 1.5 0 0 1 1.5 1.5v13a1.5 1.5 0 0 1-1.5 1.5H14M10 8l-4 4 4 4m-4-4h10',
} as const;

export type NavIconName = keyof typeof PATHS;

export function NavIcon({ name, className = 'size-6' }: { name: NavIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
