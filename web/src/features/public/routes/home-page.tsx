import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBabyCarriage,
  IconBellRinging,
  IconBone,
  IconCalendarPlus,
  IconCircleCheck,
  IconClipboardHeart,
  IconFaceMask,
  IconGenderFemale,
  IconHeartbeat,
  IconMessageChatbot,
  IconQuote,
  IconStethoscope,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinic } from '../../../lib/clinic.ts';
import { Link, useLocation } from '../../../lib/router.tsx';
import classes from './home-page.module.css';

const SECTIONS = ['about', 'services', 'features', 'testimonials', 'faq'] as const;
const HERO_POINTS = ['fast', 'team', 'privacy'] as const;
const STATS = ['years', 'doctors', 'patients', 'rating'] as const;
const SERVICES: [string, Icon][] = [
  ['family', IconStethoscope],
  ['pediatrics', IconBabyCarriage],
  ['cardiology', IconHeartbeat],
  ['gynecology', IconGenderFemale],
  ['traumatology', IconBone],
  ['dermatology', IconFaceMask],
];
const FEATURES: [string, Icon][] = [
  ['booking', IconCalendarPlus],
  ['record', IconClipboardHeart],
  ['reminders', IconBellRinging],
  ['assistant', IconMessageChatbot],
];
const TESTIMONIALS = ['t1', 't2', 't3'] as const;
const FAQ = ['account', 'booking', 'cancel', 'privacy', 'assistant', 'password'] as const;

/** Scrolls to the #section of the address (the footer links to /home#about and /home#faq). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}

function Section({
  id,
  title,
  intro,
  band,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  band?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className={`${classes.section} ${band ? classes.band : ''}`}
      py={64}
    >
      <Container size="lg">
        <Title order={2} id={`${id}-title`} ta="center">
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" ta="center" maw={640} mx="auto" mt="sm" size="lg">
            {intro}
          </Text>
        )}
        <Box mt={40}>{children}</Box>
      </Container>
    </Box>
  );
}

function CallToAction({ registerLabel, loginLabel }: { registerLabel: string; loginLabel: string }) {
  return (
    <Group gap="md">
      <Button component={Link} to="/register" size="md">
        {registerLabel}
      </Button>
      <Button component={Link} to="/login" size="md" variant="default">
        {loginLabel}
      </Button>
    </Group>
  );
}

export default function HomePage() {
  const { t } = useTranslation('public');
  const clinic = useClinic();
  const where = { name: clinic.nombre, city: clinic.localidad };
  useScrollToHash();

  return (
    <>
      <Box className={classes.hero} py={{ base: 48, md: 80 }}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="lg">
              <Text fw={700} size="sm" className={classes.eyebrow}>
                {t('hero_eyebrow', where)}
              </Text>
              <Title order={1} className={classes.heroTitle}>
                {t('hero_title')}
              </Title>
              <Text size="lg">{t('hero_text')}</Text>
              <CallToAction registerLabel={t('hero_register')} loginLabel={t('hero_login')} />
            </Stack>
            <Paper withBorder shadow="md" radius="lg" p="xl">
              <List
                spacing="md"
                size="md"
                center
                icon={<IconCircleCheck size={24} color="var(--mantine-color-teal-7)" aria-hidden />}
              >
                {HERO_POINTS.map((point) => (
                  <List.Item key={point}>
                    <Text fw={500}>{t(`hero_points.${point}`)}</Text>
                  </List.Item>
                ))}
              </List>
            </Paper>
          </SimpleGrid>
          <Group component="nav" aria-label={t('on_this_page')} gap="lg" mt={48} justify="center">
            {SECTIONS.map((section) => (
              <Anchor key={section} component={Link} to={`#${section}`} fw={600}>
                {t(`nav_${section}`)}
              </Anchor>
            ))}
          </Group>
        </Container>
      </Box>

      <Section id="about" title={t('about_title')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack>
            <Text size="lg">{t('about_text_1', where)}</Text>
            <Text size="lg">{t('about_text_2')}</Text>
          </Stack>
          <SimpleGrid cols={2} spacing="lg">
            {STATS.map((stat) => (
              <Paper key={stat} withBorder radius="md" p="lg">
                <Text className={classes.statValue}>{t(`stats.${stat}.value`)}</Text>
                <Text mt={4}>{t(`stats.${stat}.label`)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        </SimpleGrid>
      </Section>

      <Section id="services" title={t('services_title')} intro={t('services_intro')} band>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {SERVICES.map(([service, ServiceIcon]) => (
            <Paper key={service} withBorder radius="md" p="lg">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <ServiceIcon size={26} />
              </ThemeIcon>
              <Title order={3} size="h4" mt="md">
                {t(`services.${service}.title`)}
              </Title>
              <Text mt="xs">{t(`services.${service}.text`)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="features" title={t('features_title')} intro={t('features_intro')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          {FEATURES.map(([feature, FeatureIcon]) => (
            <Stack key={feature} gap="xs">
              <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
                <FeatureIcon size={26} />
              </ThemeIcon>
              <Title order={3} size="h4">
                {t(`features.${feature}.title`)}
              </Title>
              <Text>{t(`features.${feature}.text`)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="testimonials" title={t('testimonials_title')} band>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {TESTIMONIALS.map((testimonial) => (
            <Paper key={testimonial} withBorder radius="md" p="xl" shadow="xs">
              <figure className={classes.figure}>
                <div>
                  <IconQuote size={28} color="var(--mantine-color-blue-6)" aria-hidden />
                  <blockquote className={classes.quote}>{t(`testimonials.${testimonial}.quote`)}</blockquote>
                </div>
                <figcaption>
                  <Text fw={700}>{t(`testimonials.${testimonial}.name`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`testimonials.${testimonial}.detail`)}
                  </Text>
                </figcaption>
              </figure>
            </Paper>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="faq" title={t('faq_title')} intro={t('faq_intro')}>
        {/* Native disclosures, not Mantine's Accordion: the same look without ~3.5 KB of script on the landing page. */}
        <Box maw={820} mx="auto">
          {FAQ.map((question) => (
            <details key={question} className={classes.faqItem}>
              <summary className={classes.faqQuestion}>
                <Text fw={600} component="span">
                  {t(`faq.${question}.q`)}
                </Text>
              </summary>
              <Text className={classes.faqAnswer}>{t(`faq.${question}.a`)}</Text>
            </details>
          ))}
        </Box>
      </Section>

      <Container size="lg" pb={64}>
        <Paper className={classes.cta} radius="lg" p={{ base: 'xl', md: 48 }}>
          <Group justify="space-between" gap="xl">
            <Stack gap="xs">
              <Title order={2} c="white">
                {t('cta_title')}
              </Title>
              <Text size="lg" c="white">
                {t('cta_text')}
              </Text>
            </Stack>
            <Group>
              <Button component={Link} to="/register" size="md" variant="white" color="dark">
                {t('hero_register')}
              </Button>
              <Button component={Link} to="/login" size="md" variant="outline" color="white">
                {t('hero_login')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Container>
    </>
  );
}
