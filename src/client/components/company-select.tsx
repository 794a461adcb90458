import { Label } from '@/components/ui/label';
import { NATIVE_SELECT } from '@/components/ui/native-select';
import { useCompanyList } from '@/hooks/use-company-list';
import { cn } from '@/lib/utils';

/**
 * The master admin's choice of company on a page that acts for one (Screens, Boards): every
 * company by name, "Choose a company" until one is chosen. `value` is the company's id or
 * undefined; `error` is the server's word on the field, shown under it.
 */
export function CompanySelect({
  id,
  value,
  onChange,
  error,
  className,
}: {
  /** The select's id (its label points at it): unique on the page. */
  id: string;
  value: number | undefined;
  onChange: (companyId: number | undefined) => void;
  error?: string;
  className?: string;
}) {
  const companies = useCompanyList();
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>Company</Label>
      <select
        id={id}
        className={NATIVE_SELECT}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
        aria-invalid={error ? true : undefined}
      >
        <option value="">Choose a company</option>
        {(companies.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
