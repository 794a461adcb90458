import { platformOf, type ProviderId } from '@shared/providers/platforms';
import { VIEW_TYPES, type ViewType } from '@shared/settings/dashboard-settings';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { usePersonalViewType } from '@/hooks/use-personal-view-type';

/**
 * "Dashboard View Type" (seed section 2): the person's own view type, kept as their own
 * choice in this browser (decision 007: view type stays personal) and applied on change.
 */
export function ViewTypeCard({ provider }: { provider?: ProviderId | undefined }) {
  const [viewType, setViewType] = usePersonalViewType();
  // The company's platform names the views (Services and Team on one of them).
  const views = platformOf(provider).views;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-lg">
          Dashboard View Type
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Label htmlFor="view-type">View Type:</Label>
        <Select
          value={viewType}
          onValueChange={(value) => {
            if ((VIEW_TYPES as readonly string[]).includes(value)) setViewType(value as ViewType);
          }}
        >
          <SelectTrigger id="view-type" className="w-48" data-testid="view-type-select">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="businessUnit">{views.businessUnit.plural}</SelectItem>
            <SelectItem value="jobType">{views.jobType.plural}</SelectItem>
          </SelectContent>
        </Select>
      </CardContent>
    </Card>
  );
}
