import {
  FONT_SIZES,
  normalizeTitle,
  type Appearance,
  type FontSize,
  type Gradient,
} from '@shared/settings/dashboard-settings';
import { Palette } from 'lucide-react';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useDraft } from '../hooks/use-draft';
import { ColorField } from './color-field';
import { FontFamilyPicker } from './font-family-picker';
import { GradientEditor } from './gradient-editor';
import { LogoField } from './logo-field';
import type { SectionProps } from './section-props';
import { SettingsGroup, SettingsSection } from './settings-section';

type ColorKey =
  | 'textColor'
  | 'mainBgColor'
  | 'headerBgColor'
  | 'headerTextColor'
  | 'footerBgColor'
  | 'footerTextColor';

const GRADIENT_ON_HINT = 'The gradient below is used instead.';

export function AppearanceSection({
  settings,
  update,
  disabled,
  onLogoChange,
}: SectionProps & { onLogoChange(file: File | null): void }) {
  const { appearance } = settings;
  const setAppearance = (patch: Partial<Appearance>) =>
    update((current) => ({ ...current, appearance: { ...current.appearance, ...patch } }));
  const setColor = (key: ColorKey) => (color: string) => setAppearance({ [key]: color });
  const setGradient = (key: 'headerGradient' | 'footerGradient') => (gradient: Gradient) =>
    setAppearance({ [key]: gradient });

  return (
    <SettingsSection title="Appearance" description="Title, logo, fonts and colors" icon={Palette}>
      <TitleInput
        title={settings.title}
        disabled={disabled}
        onCommit={(title) => update((current) => ({ ...current, title }))}
      />

      <LogoField
        logoUrl={settings.logoUrl}
        disabled={disabled}
        onChange={(file) => {
          if (!disabled) onLogoChange(file);
        }}
      />

      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <SettingsGroup label="Font family" htmlFor="settings-font-family">
          <FontFamilyPicker
            value={appearance.fontFamily}
            disabled={disabled}
            onChange={(fontFamily) => setAppearance({ fontFamily })}
          />
        </SettingsGroup>
        <SettingsGroup label="Font size" htmlFor="settings-font-size">
          <Select
            value={appearance.fontSize}
            disabled={disabled}
            onValueChange={(value) => setAppearance({ fontSize: value as FontSize })}
          >
            <SelectTrigger id="settings-font-size" aria-label="Font size">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FONT_SIZES.map((size) => (
                <SelectItem key={size} value={size}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </SettingsGroup>
      </div>

      <SettingsGroup label="Colors">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <ColorField
            id="settings-text-color"
            label="Text"
            value={appearance.textColor}
            disabled={disabled}
            onChange={setColor('textColor')}
          />
          <ColorField
            id="settings-main-bg-color"
            label="Main background"
            value={appearance.mainBgColor}
            disabled={disabled}
            onChange={setColor('mainBgColor')}
          />
        </div>
      </SettingsGroup>

      <SettingsGroup label="Header">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <ColorField
            id="settings-header-bg-color"
            label="Header background"
            value={appearance.headerBgColor}
            disabled={disabled || appearance.headerGradient.enabled}
            hint={appearance.headerGradient.enabled ? GRADIENT_ON_HINT : undefined}
            onChange={setColor('headerBgColor')}
          />
          <ColorField
            id="settings-header-text-color"
            label="Header text"
            value={appearance.headerTextColor}
            disabled={disabled}
            onChange={setColor('headerTextColor')}
          />
        </div>
        <GradientEditor
          id="settings-header-gradient"
          label="Header gradient"
          gradient={appearance.headerGradient}
          disabled={disabled}
          onChange={setGradient('headerGradient')}
        />
      </SettingsGroup>

      <SettingsGroup label="Footer">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <ColorField
            id="settings-footer-bg-color"
            label="Footer background"
            value={appearance.footerBgColor}
            disabled={disabled || appearance.footerGradient.enabled}
            hint={appearance.footerGradient.enabled ? GRADIENT_ON_HINT : undefined}
            onChange={setColor('footerBgColor')}
          />
          <ColorField
            id="settings-footer-text-color"
            label="Footer text"
            value={appearance.footerTextColor}
            disabled={disabled}
            onChange={setColor('footerTextColor')}
          />
        </div>
        <GradientEditor
          id="settings-footer-gradient"
          label="Footer gradient"
          gradient={appearance.footerGradient}
          disabled={disabled}
          onChange={setGradient('footerGradient')}
        />
      </SettingsGroup>
    </SettingsSection>
  );
}

function TitleInput({
  title,
  disabled,
  onCommit,
}: {
  title: string;
  disabled: boolean;
  onCommit(title: string): void;
}) {
  const draft = useDraft(title);
  const empty = normalizeTitle(draft.text) === null;
  return (
    <SettingsGroup
      label="Dashboard title"
      htmlFor="settings-title"
      hint={empty ? 'A title cannot be empty; the previous title is kept.' : undefined}
    >
      <Input
        id="settings-title"
        value={draft.text}
        disabled={disabled}
        maxLength={200}
        aria-invalid={empty}
        onChange={(event) => {
          draft.setDraft(event.target.value);
          const next = normalizeTitle(event.target.value);
          if (next !== null) onCommit(next);
        }}
        onBlur={draft.reset}
      />
    </SettingsGroup>
  );
}
