// Small inline icons (no icon font, no emoji font needed). Decorative: aria-hidden.

const base = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
const line = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function FlameIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className}>
      <path
        {...line}
        d="M12 3c.5 3-1.5 4.6-3 6.2C7.6 10.7 6.5 12.4 6.5 14.7A5.5 5.5 0 0 0 12 20.5a5.5 5.5 0 0 0 5.5-5.8c0-2.4-1.1-4.2-2.3-5.4-.2 1.3-.9 2.3-1.9 2.7.4-3.4-.4-6.4-1.3-9z"
      />
      <path {...line} d="M12 20.5c-1.6 0-2.8-1.2-2.8-2.8 0-1.4 1-2.4 1.9-3.3.3 1 .9 1.5 1.6 1.7.4-.8.5-1.6.4-2.5 1 .9 1.7 2.1 1.7 3.9 0 1.7-1.2 3-2.8 3z" />
    </svg>
  );
}

export function TrophyIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className}>
      <path {...line} d="M8 4h8v5a4 4 0 0 1-8 0V4zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M9.5 17h5v3h-5z" />
    </svg>
  );
}

export function LockIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className}>
      <rect {...line} x="5" y="10.5" width="14" height="10" rx="2.5" />
      <path {...line} d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3M12 14.5v2.5" />
    </svg>
  );
}

export function BlockedIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className}>
      <circle {...line} cx="12" cy="12" r="8.5" />
      <path {...line} d="M6 6l12 12" />
    </svg>
  );
}

/** An arrow leaving a tray: the Share button's. */
export function ShareIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={className} width="18" height="18">
      <path {...line} d="M12 15V4m0 0L8 8m4-4 4 4M6 11H5a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}
