import { ActionIcon, Button, Checkbox, Group, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import {
  IconColumns,
  IconFileSpreadsheet,
  IconMaximize,
  IconMinimize,
  IconSearch,
} from '@tabler/icons-react';
import { useTexts } from '../../i18n/use-texts.ts';
import { useContactPermissions } from '../../lib/corporate-permissions.ts';
import { type BillingColumnKey, billingColumns } from './billing-columns.ts';
import { useColumnTitles } from './billing-groups.tsx';
import { salesTexts } from './billing-texts.ts';

/** Above the sales table: the search, the column checklist (spec 001 §2.3), the export and the full-screen switch. */
export function BillingToolbar(props: {
  search: string;
  onSearch: (search: string) => void;
  consultantId?: string;
  ownCountry?: number;
  hidden: BillingColumnKey[];
  onToggle: (key: BillingColumnKey) => void;
  exporting: boolean;
  canExport: boolean;
  onExport: () => void;
  maximized: boolean;
  onMaximize: () => void;
  phone: boolean;
}) {
  const tx = useTexts(salesTexts);
  const can = useContactPermissions();
  const columnTitles = useColumnTitles();
  const { consultantId, ownCountry, hidden, maximized } = props;
  return (
    <Group justify="space-between" gap="xs">
      <TextInput
        aria-label={tx('search')}
        placeholder={tx('searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        style={{ flex: '1 1 240px', maxWidth: props.phone ? undefined : 420 }}
      />
      <Group gap="xs" wrap="nowrap">
        <Popover position="bottom-end" shadow="md">
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
              {tx('columns')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6} role="group" aria-label={tx('columnsTitle')}>
              {billingColumns
                .filter((c) => !(consultantId && ['clientName', 'clientPhone', 'clientMail'].includes(c.key)))
                .filter((c) => c.key !== 'invoice' || ownCountry === 5)
                .map((c) => (
                  <Checkbox
                    key={c.key}
                    size="xs"
                    label={columnTitles[c.key]}
                    checked={!hidden.includes(c.key)}
                    onChange={() => props.onToggle(c.key)}
                  />
                ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        {can('billingExport') && (
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            loading={props.exporting}
            disabled={!props.canExport}
            onClick={props.onExport}
          >
            {tx('export')}
          </Button>
        )}
        <Tooltip label={maximized ? tx('minimize') : tx('maximize')}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={maximized ? tx('minimize') : tx('maximize')}
            onClick={props.onMaximize}
          >
            {maximized ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
