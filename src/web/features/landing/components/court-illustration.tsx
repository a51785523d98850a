import { cn } from '#web/lib/cn'

/**
 * A padel court from above with a ball in flight and a small bracket card: drawn inline so the
 * hero needs no image download (it is decorative; the heading carries the meaning).
 */
export function CourtIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 400 300"
      aria-hidden="true"
      focusable="false"
      className={cn('h-auto w-full', className)}
    >
      {/* Glass walls and the court */}
      <rect x="14" y="24" width="372" height="212" rx="18" fill="#ffffff" fillOpacity="0.08" />
      <rect
        x="14"
        y="24"
        width="372"
        height="212"
        rx="18"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.35"
        strokeWidth="4"
      />
      <rect x="30" y="40" width="340" height="180" rx="6" fill="#3272b8" />
      <g fill="none" stroke="#ffffff" strokeWidth="2.5" strokeOpacity="0.9">
        <rect x="30" y="40" width="340" height="180" rx="6" />
        <line x1="88" y1="40" x2="88" y2="220" />
        <line x1="312" y1="40" x2="312" y2="220" />
        <line x1="88" y1="130" x2="312" y2="130" />
      </g>
      {/* The net */}
      <line
        x1="200"
        y1="32"
        x2="200"
        y2="228"
        stroke="#10151c"
        strokeOpacity="0.55"
        strokeWidth="5"
      />
      <line
        x1="200"
        y1="32"
        x2="200"
        y2="228"
        stroke="#ffffff"
        strokeWidth="1.5"
        strokeDasharray="3 3"
      />
      {/* The ball's flight */}
      <path
        d="M64 190 C 130 40, 230 40, 286 92"
        fill="none"
        stroke="#d5ee3f"
        strokeWidth="2.5"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
      <circle cx="292" cy="98" r="11" fill="#d5ee3f" />
      <path
        d="M284.5 91.5c3.8 3.2 3.8 10 0 13M299.5 91.5c-3.8 3.2-3.8 10 0 13"
        fill="none"
        stroke="#ffffff"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      {/* A bracket card: two semifinals feeding the final, one pick highlighted */}
      <g transform="translate(196 170)">
        <rect width="192" height="118" rx="14" fill="#ffffff" />
        <rect x="14" y="16" width="62" height="18" rx="9" fill="#d5ee3f" />
        <rect x="14" y="40" width="62" height="18" rx="9" fill="#dbe2ea" />
        <rect x="14" y="66" width="62" height="18" rx="9" fill="#dbe2ea" />
        <rect x="14" y="90" width="62" height="18" rx="9" fill="#d5ee3f" />
        <g fill="none" stroke="#1c4a80" strokeWidth="2" strokeLinecap="round">
          <path d="M76 25 H92 V49 H76 M92 37 H104" />
          <path d="M76 75 H92 V99 H76 M92 87 H104" />
          <path d="M104 37 V87 M104 62 H118" />
        </g>
        <rect x="118" y="50" width="60" height="24" rx="12" fill="#1c4a80" />
        <circle cx="132" cy="62" r="5" fill="#d5ee3f" />
        <rect x="142" y="59" width="28" height="6" rx="3" fill="#ffffff" />
      </g>
    </svg>
  )
}
