import { groupPairingCode, pairingUrl } from '@shared/screens/pairing-code';
import { Tv } from 'lucide-react';
import { BrandMark } from '@/components/layout/brand-mark';
import { PairingQr } from './pairing-qr';

/** localhost, 127.x.x.x, [::1]: an address that leads every device to itself. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function countdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * `/tv` before pairing: the code in type readable across the room, a QR code of the admin's
 * pairing page with the code filled in, and how long the code stays valid (a new one follows).
 */
export function PairingView({
  code,
  secondsLeft,
  problem,
}: {
  /** Null while the first code is on its way. */
  code: string | null;
  secondsLeft: number;
  /** Why the TV cannot pair right now, in words (server unreachable, link revoked...). */
  problem: string | null;
}) {
  // The address this TV itself used: what a phone or computer on its network opens too.
  const origin = window.location.origin;
  const onlyThisComputer = LOOPBACK_HOST.test(window.location.hostname);
  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center gap-[3vh] bg-black px-[4vw] py-[4vh] text-white"
      data-testid="pairing-view"
    >
      <div className="flex items-center gap-3 text-[max(1.5rem,2.2vw)] font-semibold">
        <BrandMark className="h-[1.3em] w-[1.3em]" />
        3-Day Call Board
      </div>
      <div className="flex flex-col items-center gap-[5vw] lg:flex-row">
        <div className="flex flex-col items-center gap-[2vh] text-center">
          <h1 className="flex items-center gap-3 text-[max(1.25rem,1.8vw)] font-normal text-white/80">
            <Tv className="h-[1.2em] w-[1.2em]" aria-hidden />
            Pair this screen
          </h1>
          <p
            className="font-mono text-[max(3.5rem,9vw)] leading-none font-bold tracking-[0.08em] tabular-nums"
            data-testid="pairing-code"
            aria-live="polite"
          >
            {code ? groupPairingCode(code) : '···-···'}
          </p>
          <p className="text-[max(1rem,1.4vw)] text-white/80" data-testid="pairing-countdown">
            {code
              ? `Code valid for ${countdown(secondsLeft)} · a new one follows by itself`
              : 'Getting a code…'}
          </p>
          <ol className="mt-[2vh] max-w-[40em] list-decimal space-y-1 pl-6 text-left text-[max(1rem,1.25vw)] text-white/90">
            <li>
              On a computer or phone, sign in as an administrator, open the board&apos;s menu and
              choose <span className="font-semibold">Screens</span> ({origin}/admin/screens).
            </li>
            <li>Enter this code (or scan the QR code) and name the screen.</li>
            <li>This screen shows your company&apos;s board within seconds.</li>
          </ol>
          {onlyThisComputer && (
            <p
              className="max-w-[40em] rounded-lg border border-white/30 px-4 py-2 text-left text-[max(0.9rem,1vw)] text-white/80"
              data-testid="pairing-address-note"
            >
              {origin} opens only on this computer. To pair from a phone or another computer, serve
              the board at an address of your network: set PUBLIC_URL (and HOST) as the README says,
              then open /tv at that address.
            </p>
          )}
        </div>
        {code && (
          <div className="rounded-xl bg-white p-[1vw]">
            <PairingQr
              url={pairingUrl(origin, code)}
              className="h-[max(12rem,22vw)] w-[max(12rem,22vw)]"
            />
          </div>
        )}
      </div>
      {problem && (
        <p
          role="status"
          className="rounded-lg border border-amber-500/60 bg-amber-950/70 px-5 py-3 text-[max(1rem,1.4vw)] text-amber-100"
        >
          {problem}
        </p>
      )}
    </main>
  );
}
