import { modalityIds } from '@agendo/contract';
import { Collapse, Input, Radio, SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import type { ReactNode } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { DateField, FlagField } from '../../ui/form-fields.tsx';
import { SectionCard } from '../../ui/sectioned-editor.tsx';
import { catalogueTexts } from './catalogue-texts.ts';
import { PriceField } from './editor-fields.tsx';
import { type EditorForm, isOn } from './editor-section.tsx';
import type { PublicationFormValues } from './publication-form.ts';

type PriceMode = 'fixed' | 'free' | 'noPrice' | 'hidePrice';

/** A price in the professional's currency beside its price for abroad (in dollars). */
function PricePair({
  editor,
  currency,
  local,
  inter,
  pl,
}: {
  editor: EditorForm;
  currency: string;
  local: [FieldPath<PublicationFormValues>, string];
  inter: [FieldPath<PublicationFormValues>, string];
  pl?: SimpleGridProps['pl'];
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} pl={pl}>
      <PriceField editor={editor} name={local[0]} label={local[1]} currency={currency} />
      <PriceField editor={editor} name={inter[0]} label={inter[1]} currency="USD" />
    </SimpleGrid>
  );
}

/** An offer the professional switches on (a promo, a first-session price) and then fills in. */
function SwitchWithDetails({
  editor,
  name,
  on,
  label,
  description,
  children,
}: {
  editor: EditorForm;
  name: FieldPath<PublicationFormValues>;
  on: boolean;
  label: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <>
      <FlagField editor={editor} name={name} kind="switch" label={label} description={description} />
      <Collapse in={on}>{on && children}</Collapse>
    </>
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
          <PricePair
            editor={editor}
            currency={currency}
            local={['realPriceLocal', tx('priceLocal', { currency })]}
            inter={['realPriceInter', tx('priceInter')]}
          />
          <Text size="sm" c="dimmed" mt={-8}>
            {tx('priceInterHint')}
          </Text>

          <SwitchWithDetails
            editor={editor}
            name="promo"
            on={isOn(promo)}
            label={tx('promoSwitch')}
            description={tx('promoHint')}
          >
            <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
              <Stack gap="md" pl={{ base: 0, sm: 'xl' }}>
                <PricePair
                  editor={editor}
                  currency={currency}
                  local={['promoPriceLocal', tx('promoLocal', { currency })]}
                  inter={['promoPriceInter', tx('promoInter')]}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <DateField editor={editor} name="promoStartDate" label={tx('promoStart')} />
                  <DateField
                    editor={editor}
                    name="promoFinishDate"
                    label={tx('promoFinish')}
                    minDate={
                      typeof promoStartDate === 'string' && promoStartDate > today()
                        ? promoStartDate
                        : today()
                    }
                  />
                </SimpleGrid>
              </Stack>
            </DatesProvider>
          </SwitchWithDetails>

          <SwitchWithDetails
            editor={editor}
            name="praConsulta"
            on={isOn(praConsulta)}
            label={tx('firstSwitch')}
            description={tx('firstHint')}
          >
            <PricePair
              editor={editor}
              currency={currency}
              local={['firstPriceLocal', tx('firstLocal', { currency })]}
              inter={['firstPriceInter', tx('firstInter')]}
              pl={{ base: 0, sm: 'xl' }}
            />
          </SwitchWithDetails>
        </Stack>
      )}

      {mode !== 'free' && (
        <Input.Wrapper
          label={tx('payments')}
          withAsterisk
          error={fieldError('payCard') ?? fieldError('payCash')}
        >
          <Stack gap="sm" mt="xs">
            <FlagField editor={editor} name="payCard" kind="checkbox" label={tx('payCard')} />
            <FlagField
              editor={editor}
              name="payCash"
              kind="checkbox"
              label={tx('payCash')}
              description={onlineOnly ? tx('payCashOnline') : undefined}
              disabled={onlineOnly && !isOn(payCash)}
            />
            {isOn(payCash) && !onlineOnly && (
              <FlagField
                editor={editor}
                name="payCashLimit"
                kind="checkbox"
                ml="xl"
                label={tx('payCashLimit')}
              />
            )}
            <FlagField editor={editor} name="payAfter" kind="checkbox" label={tx('payAfter')} />
          </Stack>
        </Input.Wrapper>
      )}
    </SectionCard>
  );
}
