import { encode } from 'uqr';

/**
 * The pairing link as a QR code, drawn as one SVG path from uqr's module matrix (decision 010:
 * generated in the browser, in the /tv chunk only; nothing leaves the TV).
 */
export function PairingQr({ url, className }: { url: string; className?: string }) {
  const { data, size } = encode(url, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className={className}
      role="img"
      aria-label="QR code of the pairing link"
      shapeRendering="crispEdges"
      data-testid="pairing-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
