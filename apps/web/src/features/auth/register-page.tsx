import { actions, LEGAL_VERSIONS, trialDays } from '@agendo/contract';
import * as authActions from '@agendo/contract/auth';
import {
  Anchor,
  Button,
  Input,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLang, useT } from '../../i18n/use-t.ts';
import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { safeNextPath, usePrefix } from '../../lib/route-prefix.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { useSession } from '../../lib/use-session.ts';
import { setWaiting } from '../../lib/waiting.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { NameFields } from '../../ui/name-fields.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { type GridPlan, PlanGrid } from '../../ui/plan-grid.tsx';
import { registerTexts } from './register-texts.ts';

const schema = actions.register.input.pick({
  userFirstName: true,
  userLastName: true,
  userMail: true,
  userPassword: true,
  userType: true,
});

const planTexts = defineTexts(
  {
    title: 'Elige tu plan',
    noCard:
      'Empiezas con {days} días de prueba gratis y no necesitas tarjeta durante la prueba: el plan que elijas comenzará cuando termine.',
    later: 'También puedes elegirlo más tarde desde Mi plan.',
    loadError: 'No pudimos cargar los planes. Podrás elegir tu plan más tarde desde Mi plan.',
    notSaved: 'Tu cuenta fue creada, pero no pudimos guardar el plan elegido. Elígelo nuevamente en Mi plan.',
  },
  {
    title: 'Choose your plan',
    noCard:
      'You start with {days} free trial days and need no card during the trial: the plan you choose starts when it ends.',
    later: 'You can also choose it later from My plan.',
    loadError: 'We could not load the plans. You can choose your plan later from My plan.',
    notSaved:
      'Your account was created, but we could not save the plan you chose. Choose it again in My plan.',
  },
);

/**
 * spec 002 §2: the professional's sign-up shows the plan grid in register mode (the grid alone,
 * with the note that no card is needed during the trial). The choice is kept for when the trial
 * ends (change-plan during the trial, ADR 015).
 */
function RegisterPlans({
  chosen,
  onChoose,
}: {
  chosen: GridPlan | null;
  onChoose: (p: GridPlan | null) => void;
}) {
  const tx = useTexts(planTexts);
  const grid = useQuery({
    queryKey: ['find-plans', 'register'],
    queryFn: () => call('find-plans', { isRegister: true, showFree: 'NO' }),
    staleTime: 5 * 60_000,
  });
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {tx('title')}
      </Title>
      {grid.isPending && <Skeleton height={220} radius="md" />}
      {grid.isError && (
        <Text size="sm" c="dimmed">
          {tx('loadError')}
        </Text>
      )}
      {grid.isSuccess && (
        <PlanGrid
          compact
          plans={grid.data.plans.filter((p) => p.plan_id !== 4)}
          chosenId={chosen?.id ?? null}
          onChoose={(p) => onChoose(chosen?.id === p.id ? null : p)}
          note={
            <Stack gap={2}>
              <Text size="sm">{tx('noCard', { days: trialDays })}</Text>
              <Text size="xs" c="dimmed">
                {tx('later')}
              </Text>
            </Stack>
          }
        />
      )}
    </Stack>
  );
}

export function RegisterPage() {
  const t = useT();
  const tp = useTexts(registerTexts);
  const tx = useTexts(planTexts);
  const lang = useLang();
  const { country, to } = usePrefix();
  const { ref } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const preselected = search.get('tipo') === 'profesional' ? 1 : 2;
  const { form, fieldError, submit, submitting } = useActionForm(authActions.register, {
    schema,
    defaultValues: {
      userFirstName: '',
      userLastName: '',
      userMail: '',
      userPassword: '',
      userType: preselected,
    },
  });
  const userType = useWatch({ control: form.control, name: 'userType' });
  const [plan, setPlan] = useState<GridPlan | null>(null);

  const onSubmit = submit(async (values) => {
    try {
      const { token } = await call('register', {
        ...values,
        browserCountry: country,
        userLang: lang,
        userTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        // The server records acceptance of this version of the terms (linked below the button).
        termsVersion: LEGAL_VERSIONS.terms,
        ...(ref ? { ref } : {}),
      });
      setWaiting(true);
      signIn(token);
      notifications.show({ color: 'teal', message: tp('register.sent') });
      let planSaved = false;
      if (values.userType === 1 && plan) {
        try {
          await call('change-plan', { planSelected: plan.id });
          planSaved = true;
        } catch (error) {
          if (!(error instanceof ApiError && error.isNetwork))
            notifications.show({ color: 'red', message: tx('notSaved') });
        }
      }
      // login-cart / user-cart: a visitor with a cart comes back to confirm it; a professional
      // who chose a plan sees it waiting for the end of the trial, with the days left.
      await navigate(safeNextPath(search.get('next')) ?? to(planSaved ? 'my-plan' : 'my-account'), {
        replace: true,
      });
    } finally {
      setWaiting(false);
    }
  });

  return (
    <AuthCard
      title={tp('register.title')}
      subtitle={tp('register.subtitle')}
      footer={
        <Text size="sm">
          {tp('register.haveAccount')}{' '}
          <Anchor component={Link} to={to('login')} fw={600}>
            {t('nav.login')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="userType"
            render={({ field }) => (
              <Input.Wrapper
                label={tp('register.type')}
                labelElement="div"
                error={fieldError('userType')}
                size="md"
              >
                <SegmentedControl
                  fullWidth
                  color="brand"
                  size="md"
                  mt={4}
                  name={field.name}
                  value={String(field.value)}
                  onChange={(value) => field.onChange(Number(value))}
                  data={[
                    { value: '1', label: tp('register.pro') },
                    { value: '2', label: tp('register.client') },
                  ]}
                  aria-label={tp('register.type')}
                  styles={{
                    label: {
                      minHeight: 40,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      paddingInline: 6,
                    },
                  }}
                />
              </Input.Wrapper>
            )}
          />
          {userType === 1 && <RegisterPlans chosen={plan} onChoose={setPlan} />}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NameFields register={form.register} fieldError={fieldError} />
          </SimpleGrid>
          <EmailField
            label={t('field.email')}
            error={fieldError('userMail')}
            {...form.register('userMail')}
          />
          <PasswordField
            label={t('field.password')}
            description={t('field.passwordHint')}
            autoComplete="new-password"
            error={fieldError('userPassword')}
            {...form.register('userPassword')}
          />
          <Button type="submit" fullWidth loading={submitting}>
            {tp('register.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {tp('register.acceptStart')}{' '}
            <Anchor component={Link} to={to('terms')} inherit>
              {t('footer.terms')}
            </Anchor>{' '}
            {tp('register.acceptAnd')}{' '}
            <Anchor component={Link} to={to('privacy')} inherit>
              {t('footer.privacy')}
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
