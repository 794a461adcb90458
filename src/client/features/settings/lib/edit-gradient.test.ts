import { describe, expect, it } from 'vitest';
import { defaultGradient, type Gradient } from '../../../../shared/settings/dashboard-settings';
import {
  addGradientStop,
  removeGradientStop,
  setGradientAngle,
  setGradientEnabled,
  setStopColor,
  setStopPosition,
} from './edit-gradient';

function withStops(count: number): Gradient {
  const gradient = defaultGradient();
  return {
    ...gradient,
    enabled: true,
    colors: Array.from({ length: count }, (_, i) => ({ color: '#123456', position: i * 10 })),
  };
}

describe('gradient edits', () => {
  it('first enable starts from blue at 0 and purple at 100', () => {
    const enabled = setGradientEnabled(defaultGradient(), true);
    expect(enabled.enabled).toBe(true);
    expect(enabled.colors).toEqual([
      { color: '#3b82f6', position: 0 },
      { color: '#8b5cf6', position: 100 },
    ]);
  });

  it('keeps the stops a user chose when toggled off and on again', () => {
    const custom = setStopColor(withStops(3), 1, '#ff0000');
    const again = setGradientEnabled(setGradientEnabled(custom, false), true);
    expect(again.colors).toEqual(custom.colors);
  });

  it('adds a white stop at 50 and stops adding at 5', () => {
    const four = withStops(4);
    const five = addGradientStop(four);
    expect(five.colors).toHaveLength(5);
    expect(five.colors[4]).toEqual({ color: '#ffffff', position: 50 });
    expect(addGradientStop(five).colors).toHaveLength(5);
  });

  it('removes only while more than 2 stops remain', () => {
    const three = withStops(3);
    const two = removeGradientStop(three, 0);
    expect(two.colors.map((stop) => stop.position)).toEqual([10, 20]);
    expect(removeGradientStop(two, 0).colors).toHaveLength(2);
  });

  it('clamps the angle to 0-360 and turns invalid input into 0', () => {
    const gradient = withStops(2);
    expect(setGradientAngle(gradient, '45').angle).toBe(45);
    expect(setGradientAngle(gradient, '400').angle).toBe(360);
    expect(setGradientAngle(gradient, '-5').angle).toBe(0);
    expect(setGradientAngle(gradient, 'abc').angle).toBe(0);
    expect(setGradientAngle(gradient, '').angle).toBe(0);
  });

  it('clamps stop positions to 0-100 and turns invalid input into 0', () => {
    const gradient = withStops(2);
    expect(setStopPosition(gradient, 1, '75').colors[1]?.position).toBe(75);
    expect(setStopPosition(gradient, 1, '150').colors[1]?.position).toBe(100);
    expect(setStopPosition(gradient, 1, 'x').colors[1]?.position).toBe(0);
    expect(setStopPosition(gradient, 1, '75').colors[0]).toEqual(gradient.colors[0]);
  });
});
