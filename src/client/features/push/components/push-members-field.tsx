import { NATIVE_SELECT } from '@/components/ui/native-select';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { usePushMembers } from '../api/push-api';

const devicesWords = (n: number) =>
  n === 0 ? 'no device yet' : `${n} ${n === 1 ? 'device' : 'devices'}`;

/**
 * Who a rule's push channel reaches (issue 36): every admin who turned on notifications, or the
 * members ticked, each shown with how many devices they have turned notifications on on.
 */
export function PushMembersField({
  index,
  companyId,
  value,
  onChange,
}: {
  /** The channel's place in the form (labels and ids). */
  index: number;
  companyId: number | undefined;
  /** undefined: every admin who subscribed. */
  value: string[] | undefined;
  onChange: (userIds: string[] | undefined) => void;
}) {
  const chosen = value !== undefined;
  const members = usePushMembers(companyId, true);
  const list = members.data?.members ?? [];
  const admins = list.filter((m) => m.admin);
  const adminDevices = admins.reduce((sum, m) => sum + m.devices, 0);
  return (
    <div className="grid gap-2">
      <select
        aria-label={`Channel ${index + 1} who`}
        className={NATIVE_SELECT}
        value={chosen ? 'members' : 'admins'}
        onChange={(e) => onChange(e.target.value === 'members' ? [] : undefined)}
      >
        <option value="admins">Every admin who turned on notifications</option>
        <option value="members">Members I choose</option>
      </select>
      {!chosen ? (
        <p className="text-xs text-muted-foreground" data-testid="push-admins-summary">
          {members.isLoading
            ? 'Loading...'
            : `${admins.length} ${admins.length === 1 ? 'admin' : 'admins'}, ${devicesWords(adminDevices)} now.`}{' '}
          Each turns it on under Alerts, &quot;Notify me on this device&quot;.
        </p>
      ) : (
        <fieldset className="grid gap-1.5" aria-label={`Channel ${index + 1} members`}>
          {list.map((member) => {
            const id = `channel-${index}-member-${member.userId}`;
            return (
              <div key={member.userId} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={value.includes(member.userId)}
                  onCheckedChange={(checked) =>
                    onChange(
                      checked === true
                        ? [...value, member.userId]
                        : value.filter((userId) => userId !== member.userId),
                    )
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {member.name}{' '}
                  <span className="text-muted-foreground">({devicesWords(member.devices)})</span>
                </Label>
              </div>
            );
          })}
          {list.length === 0 && !members.isLoading && (
            <p className="text-sm text-muted-foreground">Nobody to choose yet.</p>
          )}
        </fieldset>
      )}
    </div>
  );
}
