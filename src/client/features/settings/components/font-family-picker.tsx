import { fontStack } from '@shared/fonts/self-hosted-fonts';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { loadFontFamily } from '@/lib/load-font-family';
import { cn } from '@/lib/utils';
import { useFontFamilies } from '../hooks/use-font-families';

/** A searchable list of the font families the server offers (or the 10 fallbacks). */
export function FontFamilyPicker({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange(family: string): void;
}) {
  const [open, setOpen] = useState(false);
  const { families, isLoading } = useFontFamilies();

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id="settings-font-family"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label="Font family"
          disabled={disabled}
          className="w-full justify-between font-normal"
        >
          <span className="truncate" style={{ fontFamily: fontStack(value) }}>
            {value}
          </span>
          <ChevronsUpDown className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-64 p-0" align="start">
        <Command>
          <CommandInput placeholder="Search fonts..." />
          <CommandList>
            {isLoading ? (
              <div className="py-6 text-center text-sm text-muted-foreground">Loading fonts...</div>
            ) : (
              <>
                <CommandEmpty>No font found.</CommandEmpty>
                <CommandGroup>
                  {families.map((family) => (
                    <CommandItem
                      key={family}
                      value={family}
                      onMouseEnter={() => void loadFontFamily(family)}
                      onSelect={() => {
                        void loadFontFamily(family);
                        onChange(family);
                        setOpen(false);
                      }}
                    >
                      <Check
                        className={cn('h-4 w-4', family === value ? 'opacity-100' : 'opacity-0')}
                      />
                      <span style={{ fontFamily: fontStack(family) }}>{family}</span>
                    </CommandItem>
                  ))}
                </CommandGroup>
              </>
            )}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
