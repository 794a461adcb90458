import { cn } from '@/lib/utils';

/** The product's gauge mark (also the favicon). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('h-8 w-8', className)} aria-hidden>
      <rect width="64" height="64" rx="12" fill="#0b1220" />
      <path
        d="M12 44a20 20 0 0 1 40 0"
        fill="none"
        stroke="#334155"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path
        d="M12 44a20 20 0 0 1 30-17.3"
        fill="none"
        stroke="#22c55e"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path d="M32 44l10-14" stroke="#f8fafc" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="44" r="4" fill="#f8fafc" />
    </svg>
  );
}
