import { Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The agenda's own 'Dark Mode' button (spec section 2); the choice is the app-wide theme. */
export function DarkModeButton() {
  const { t } = useTranslation('agenda');
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <Button
      variant="default"
      leftSection={<IconMoon size={16} aria-hidden />}
      aria-pressed={dark}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {t('dark_mode')}
    </Button>
  );
}
