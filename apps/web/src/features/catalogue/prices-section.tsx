import { modalityIds } from '@agendo/contract';
import {
  Checkbox,
  Collapse,
  Input,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { Controller, type FieldPath } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { type EditorForm, fromNumberInput, isOn, numberValue } from './editor-section.tsx';
import type { PublicationFormValues } from './publication-form.ts';

type PriceMode = 'fixed' | 'free' | 'noPrice' | 'hidePrice';

function PriceField({
  editor,
  name,
  label,
  description,
  currency,
}: {
  editor: EditorForm;
  name: FieldPath<PublicationFormValues>;
  label: string;
  description?: string;
  currency: string;
}) {
  const { form, fieldError } = editor;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          size="md"
          label={label}
          description={description}
          withAsterisk
          min={0}
          allowNegative={false}
          decimalScale={currency === 'CLP' ? 0 : 2}
          thousandSeparator="."
          decimalSeparator=","
          leftSection={
            <Text size="xs" fw={600} c="dimmed" aria-hidden>
              {currency}
            </Text>
          }
          leftSectionWidth={48}
          inputMode="decimal"
          value={numberValue(field.value)}
          onChange={(value) => field.onChange(fromNumberInput(value))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldError(name)}
        />
      )}
    />
  );
}

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function PricesSection({ editor, currency }: { editor: EditorForm; currency: string }) {
  const tx = useTexts(catalogueTexts);
  const lang = useLang();
  const { form, fieldError } = editor;
  const [free, noPrice, hidePrice, promo, praConsulta, payCash, modalityId, promoStartDate] = form.watch([
    'free',
    'noPrice',
    'hidePrice',
    'promo',
    'praConsulta',
    'payCash',
    'modalityId',
    'promoStartDate',
  ]);
  const mode: PriceMode = isOn(free)
    ? 'free'
    : isOn(noPrice)
      ? 'noPrice'
      : isOn(hidePrice)
        ? 'hidePrice'
        : 'fixed';
  const priced = mode === 'fixed';
  const onlineOnly = modalityId === modalityIds.online;

  const setMode = (next: string) => {
    const opts = { shouldDirty: true } as const;
    form.setValue('free', next === 'free', opts);
    form.setValue('noPrice', next === 'noPrice', opts);
    form.setValue('hidePrice', next === 'hidePrice', opts);
    form.clearErrors(['free', 'realPriceLocal', 'realPriceInter', 'payCard']);
  };

  const modeHint: Record<PriceMode, string | null> = {
    fixed: null,
    free: tx('modeFreeHint'),
    noPrice: tx('modeNoPriceHint'),
    hidePrice: tx('modeHiddenHint'),
  };

  return (
    <SectionCard id="precios" title={tx('sectionPrices')}>
      <Radio.Group label={tx('priceMode')} value={mode} onChange={setMode} error={fieldError('free')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
          <Radio value="fixed" label={tx('modeFixed')} />
          <Radio value="free" label={tx('modeFree')} />
          <Radio value="noPrice" label={tx('modeNoPrice')} />
          <Radio value="hidePrice" label={tx('modeHidden')} />
        </SimpleGrid>
      </Radio.Group>
      {modeHint[mode] && (
        <Text size="sm" c="dimmed">
          {modeHint[mode]}
        </Text>
      )}

      {priced && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PriceField
              editor={editor}
              name="realPriceLocal"
              label={tx('priceLocal', { currency })}
              currency={currency}
            />
            <PriceField editor={editor} name="realPriceInter" label={tx('priceInter')} currency="USD" />
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt={-8}>
            {tx('priceInterHint')}
          </Text>

          <Controller
            control={form.control}
            name="promo"
            render={({ field }) => (
              <Switch
                label={tx('promoSwitch')}
                description={tx('promoHint')}
                checked={isOn(field.value)}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                ref={field.ref}
              />
            )}
          />
          <Collapse in={isOn(promo)}>
            {isOn(promo) && (
              <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
                <Stack gap="md" pl={{ base: 0, sm: 'xl' }}>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <PriceField
                      editor={editor}
                      name="promoPriceLocal"
                      label={tx('promoLocal', { currency })}
                      currency={currency}
                    />
                    <PriceField
                      editor={editor}
                      name="promoPriceInter"
                      label={tx('promoInter')}
                      currency="USD"
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <Controller
                      control={form.control}
                      name="promoStartDate"
                      render={({ field }) => (
                        <DatePickerInput
                          size="md"
                          label={tx('promoStart')}
                          withAsterisk
                          valueFormat="DD/MM/YYYY"
                          leftSection={<IconCalendar size={18} aria-hidden />}
                          clearable
                          value={field.value ?? null}
                          onChange={(value) => field.onChange(value ?? null)}
                          onBlur={field.onBlur}
                          ref={field.ref}
                          error={fieldError('promoStartDate')}
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name="promoFinishDate"
                      render={({ field }) => (
                        <DatePickerInput
                          size="md"
                          label={tx('promoFinish')}
                          withAsterisk
                          valueFormat="DD/MM/YYYY"
                          leftSection={<IconCalendar size={18} aria-hidden />}
                          clearable
                          minDate={
                            typeof promoStartDate === 'string' && promoStartDate > today()
                              ? promoStartDate
                              : today()
                          }
                          value={field.value ?? null}
                          onChange={(value) => field.onChange(value ?? null)}
                          onBlur={field.onBlur}
                          ref={field.ref}
                          error={fieldError('promoFinishDate')}
                        />
                      )}
                    />
                  </SimpleGrid>
                </Stack>
              </DatesProvider>
            )}
          </Collapse>

          <Controller
            control={form.control}
            name="praConsulta"
            render={({ field }) => (
              <Switch
                label={tx('firstSwitch')}
                description={tx('firstHint')}
                checked={isOn(field.value)}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                ref={field.ref}
              />
            )}
          />
          <Collapse in={isOn(praConsulta)}>
            {isOn(praConsulta) && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} pl={{ base: 0, sm: 'xl' }}>
                <PriceField
                  editor={editor}
                  name="firstPriceLocal"
                  label={tx('firstLocal', { currency })}
                  currency={currency}
                />
                <PriceField editor={editor} name="firstPriceInter" label={tx('firstInter')} currency="USD" />
              </SimpleGrid>
            )}
          </Collapse>
        </Stack>
      )}

      {mode !== 'free' && (
        <Input.Wrapper
          label={tx('payments')}
          withAsterisk
          error={fieldError('payCard') ?? fieldError('payCash')}
        >
          <Stack gap="sm" mt="xs">
            <Controller
              control={form.control}
              name="payCard"
              render={({ field }) => (
                <Checkbox
                  label={tx('payCard')}
                  checked={isOn(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  ref={field.ref}
                />
              )}
            />
            <Controller
              control={form.control}
              name="payCash"
              render={({ field }) => (
                <Checkbox
                  label={tx('payCash')}
                  description={onlineOnly ? tx('payCashOnline') : undefined}
                  disabled={onlineOnly && !isOn(field.value)}
                  checked={isOn(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  ref={field.ref}
                />
              )}
            />
            {isOn(payCash) && !onlineOnly && (
              <Controller
                control={form.control}
                name="payCashLimit"
                render={({ field }) => (
                  <Checkbox
                    ml="xl"
                    label={tx('payCashLimit')}
                    checked={isOn(field.value)}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    ref={field.ref}
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="payAfter"
              render={({ field }) => (
                <Checkbox
                  label={tx('payAfter')}
                  checked={isOn(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  ref={field.ref}
                />
              )}
            />
          </Stack>
        </Input.Wrapper>
      )}
    </SectionCard>
  );
}
