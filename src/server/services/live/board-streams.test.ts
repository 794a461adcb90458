import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardEvent, EventBus } from '../events/contract.js';
import { createBoardStreams, type StreamClient, type StreamMessage } from './board-streams.js';

/** An event bus in memory: what one instance hears. */
function memoryBus(): EventBus & { emit(event: BoardEvent): void } {
  const listeners = new Set<(event: BoardEvent) => void>();
  return {
    publish: async (event) => listeners.forEach((listener) => listener(event)),
    emit: (event) => listeners.forEach((listener) => listener(event)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMissedEvents: () => () => undefined,
    close: async () => undefined,
  };
}

function screen(companyId: number): StreamClient & { heard: StreamMessage['event'][] } {
  const heard: StreamMessage['event'][] = [];
  return {
    companyId,
    boardId: null,
    screenId: null,
    heard,
    send: (m) => void heard.push(m.event),
    close: () => undefined,
  };
}

describe('board streams: heartbeats', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('an idle stream hears a heartbeat every period; one told of its numbers more often hears none, and none is silent longer than a period and a quarter', () => {
    const bus = memoryBus();
    const streams = createBoardStreams({ events: bus, buildVersion: 'test', heartbeatMs: 20_000 });
    const idle = screen(1);
    const told = screen(2);
    streams.open(idle, null);
    streams.open(told, null);
    const fetchedAt = new Date(0).toISOString();
    // Two minutes: company 2's numbers are read (unchanged) every 5 s.
    for (let s = 5; s <= 120; s += 5) {
      vi.advanceTimersByTime(5_000);
      bus.emit({ type: 'capacity.fetched', companyId: 2, fetchedAt });
    }
    expect(idle.heard.filter((e) => e === 'heartbeat')).toHaveLength(6);
    expect(told.heard.filter((e) => e === 'heartbeat')).toHaveLength(0);
    expect(told.heard.filter((e) => e === 'fetched')).toHaveLength(24);

    // Company 2 falls silent: its stream hears a heartbeat within 25 s of its last message.
    const before = told.heard.length;
    vi.advanceTimersByTime(25_000);
    expect(told.heard.slice(before)).toEqual(['heartbeat']);
    streams.close();
  });
});
