import { zodResolver } from '@hookform/resolvers/zod';
import { companyBodySchema } from '@shared/api/companies';
import { platformNamesInWords } from '@shared/providers/platforms';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useCreateOwnCompany } from '../api/onboarding';

const schema = companyBodySchema.pick({ name: true });

/** Step 1 (decision 16): the newcomer names their company and becomes its administrator. */
export function CreateCompanyStep() {
  const create = useCreateOwnCompany();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      if (!showFieldErrors(error, ['name'], form.setError))
        reportError(error, 'Failed to create company');
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          What is your company called?
        </CardTitle>
        <CardDescription>
          Your board shows how many jobs are booked for each of the next working days, straight from{' '}
          {platformNamesInWords()}. You will be its administrator and can invite your team
          afterwards. Were you expecting an invitation from your company instead? Ask your
          administrator to invite this e-mail address, then sign in again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:max-w-md" onSubmit={onSubmit} noValidate>
          <TextField
            label="Company Name"
            autoComplete="organization"
            placeholder="e.g. Sunshine Heating & Air"
            autoFocus
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
            {isSubmitting ? 'Creating...' : 'Create company'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
