import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import {
  defaultCompanySettings,
  readCompanySettings,
  readSettingsOnly,
  type SettingsHome,
} from '../board-settings/board-settings-store.js';
import { resolveCredential, type CredentialResolution } from '../credentials/resolve-credential.js';
import type { EventBus } from '../events/contract.js';
import type { Providers } from '../../platforms/index.js';
import { listItemGroups } from '../preferences/item-group-store.js';
import { listPreferences } from '../preferences/preference-store.js';

type Preferences = Awaited<ReturnType<typeof listPreferences>>;
type Groups = Awaited<ReturnType<typeof listItemGroups>>;
type CompanySettings = Awaited<ReturnType<typeof readCompanySettings>>;

interface CachedCredential {
  resolution: CredentialResolution;
  userId: string;
  /** The company whose credential may be the answer (the board's, or the user's own). */
  companyId: number | null;
}

/**
 * What a board answer reads besides the snapshot, from memory in the common case (issue 13):
 * the platform connection per user and board company, and a company's preferences and groups
 * per view type. Each entry is dropped by the event that changes its data (`credentials.changed`,
 * `preferences.changed`, `session.ended` for a user whose company changed), published by the
 * instance that made the change and heard by all; the time limit only bounds a missed event,
 * and a lost listening connection drops everything.
 */
export interface BoardInputs {
  credential(user: {
    id: string;
    companyId: number | null;
    boardCompanyId?: number | undefined;
  }): Promise<CredentialResolution>;
  preferences(
    companyId: number,
    viewType: ItemType,
  ): Promise<{ preferences: Preferences; groups: Groups }>;
  /**
   * A board's settings (decision 009: they decide the days; decision 014: per board), the
   * company's first board's without `home`; defaults without a company.
   */
  settings(companyId: number | null, home?: SettingsHome): Promise<CompanySettings>;
  /** Stops listening (app shutdown). */
  close(): void;
}

const TTL_MS = 60_000;

export function createBoardInputs(deps: {
  db: Database;
  secretBox: SecretBox;
  events: EventBus;
  providers: Pick<Providers, 'identity'>;
}): BoardInputs {
  const { db, secretBox, events, providers } = deps;
  const credentials = new LRUCache<string, CachedCredential>({ max: 10_000, ttl: TTL_MS });
  const preferenceCache = new LRUCache<string, { preferences: Preferences; groups: Groups }>({
    max: 10_000,
    ttl: TTL_MS,
  });

  const settingsCache = new LRUCache<string, CompanySettings>({ max: 10_000, ttl: TTL_MS });
  const dropSettings = (companyId: number) => {
    for (const key of [...settingsCache.keys()]) {
      if (key.startsWith(`${companyId}|`)) settingsCache.delete(key);
    }
  };

  /**
   * Bumped by every invalidation: a read that started before one must not store what it read
   * (it may be the data the event just replaced).
   */
  let epoch = 0;
  const dropCredentials = (match: (entry: CachedCredential) => boolean) => {
    for (const [key, entry] of credentials.entries()) if (match(entry)) credentials.delete(key);
  };
  const dropPreferences = (companyId: number) => {
    for (const viewType of ['businessUnit', 'jobType'] as const)
      preferenceCache.delete(`${companyId}|${viewType}`);
  };

  const unsubscribe = events.subscribe((event) => {
    epoch += 1;
    switch (event.type) {
      case 'credentials.changed':
        if (event.companyId === null && !event.userId) credentials.clear();
        else
          dropCredentials(
            (entry) =>
              (event.companyId !== null && entry.companyId === event.companyId) ||
              (event.userId !== undefined && entry.userId === event.userId),
          );
        break;
      case 'preferences.changed':
        dropPreferences(event.companyId);
        break;
      case 'settings.changed':
      case 'boards.changed':
        dropSettings(event.companyId);
        break;
      case 'session.ended':
        // A user's company or role changed, or they are gone: their credential may differ.
        if (event.userId) dropCredentials((entry) => entry.userId === event.userId);
        else if (!event.sessionIdHash) credentials.clear();
        break;
      default:
        break;
    }
  });
  const unsubscribeMissed = events.onMissedEvents(() => {
    epoch += 1;
    credentials.clear();
    preferenceCache.clear();
    settingsCache.clear();
  });

  return {
    async credential(user) {
      const key = `${user.id}|${user.boardCompanyId ?? ''}`;
      const cached = credentials.get(key);
      if (cached) return cached.resolution;
      const startedIn = epoch;
      const resolution = await resolveCredential({
        db,
        secretBox,
        identify: providers.identity,
        userId: user.id,
        companyId: user.boardCompanyId,
      });
      if (startedIn === epoch)
        credentials.set(key, {
          resolution,
          userId: user.id,
          companyId: user.boardCompanyId ?? user.companyId,
        });
      return resolution;
    },
    async preferences(companyId, viewType) {
      const key = `${companyId}|${viewType}`;
      const cached = preferenceCache.get(key);
      if (cached) return cached;
      const startedIn = epoch;
      const [preferences, groups] = await Promise.all([
        listPreferences(db, companyId, viewType),
        listItemGroups(db, companyId, viewType),
      ]);
      const value = { preferences, groups };
      if (startedIn === epoch) preferenceCache.set(key, value);
      return value;
    },
    async settings(companyId, home) {
      if (companyId === null) return defaultCompanySettings();
      const key = `${companyId}|${home?.boardId ?? 'first'}`;
      const cached = settingsCache.get(key);
      if (cached) return cached;
      const startedIn = epoch;
      const settings = home
        ? await readSettingsOnly(db, home)
        : await readCompanySettings(db, companyId);
      if (startedIn === epoch) settingsCache.set(key, settings);
      return settings;
    },
    close() {
      unsubscribe();
      unsubscribeMissed();
    },
  };
}
