/**
 * `<input type="color">` only understands #rrggbb; stored colours may also be #rgb or carry an
 * alpha channel. Expands or trims them so the picker shows the right colour (black otherwise).
 */
export function toPickerColor(hex: string): string {
  const value = hex.trim().toLowerCase();
  if (/^#[0-9a-f]{3,4}$/.test(value)) {
    return `#${value
      .slice(1, 4)
      .split('')
      .map((digit) => digit + digit)
      .join('')}`;
  }
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(value)) return value.slice(0, 7);
  return '#000000';
}
