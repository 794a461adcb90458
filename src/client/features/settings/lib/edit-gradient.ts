import {
  canAddStop,
  canRemoveStop,
  clampAngle,
  clampPosition,
  defaultGradient,
  MIN_STOPS,
  newStop,
  type Gradient,
  type GradientStop,
} from '../../../../shared/settings/dashboard-settings';

/**
 * The edits the gradient editor makes. Each returns a new gradient and leaves the limits of seed
 * section 5 intact: 2-5 stops, angle 0-360, positions 0-100 (invalid input becomes 0).
 */

/** Turning a gradient on starts from blue at 0 and purple at 100 unless it already has stops. */
export function setGradientEnabled(gradient: Gradient, enabled: boolean): Gradient {
  if (!enabled) return { ...gradient, enabled: false };
  const colors = gradient.colors.length >= MIN_STOPS ? gradient.colors : defaultGradient().colors;
  return { ...gradient, enabled: true, colors };
}

export function setGradientType(gradient: Gradient, type: Gradient['type']): Gradient {
  return { ...gradient, type };
}

export function setGradientAngle(gradient: Gradient, input: string | number): Gradient {
  return { ...gradient, angle: clampAngle(input) };
}

/** Adds a white stop at 50 %, unless the gradient already has the maximum of 5. */
export function addGradientStop(gradient: Gradient): Gradient {
  if (!canAddStop(gradient)) return gradient;
  return { ...gradient, colors: [...gradient.colors, newStop()] };
}

/** Removes a stop, unless only the minimum of 2 remain. */
export function removeGradientStop(gradient: Gradient, index: number): Gradient {
  if (!canRemoveStop(gradient) || index < 0 || index >= gradient.colors.length) return gradient;
  return { ...gradient, colors: gradient.colors.filter((_, i) => i !== index) };
}

export function setStopColor(gradient: Gradient, index: number, color: string): Gradient {
  return updateStop(gradient, index, { color });
}

export function setStopPosition(
  gradient: Gradient,
  index: number,
  input: string | number,
): Gradient {
  return updateStop(gradient, index, { position: clampPosition(input) });
}

function updateStop(gradient: Gradient, index: number, patch: Partial<GradientStop>): Gradient {
  if (index < 0 || index >= gradient.colors.length) return gradient;
  return {
    ...gradient,
    colors: gradient.colors.map((stop, i) => (i === index ? { ...stop, ...patch } : stop)),
  };
}
