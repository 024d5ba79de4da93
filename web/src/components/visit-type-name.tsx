import { ColorSwatch, Group } from '@mantine/core';

/** A visit's type as lists show it: its colour as a small swatch (decoration only) and its name. */
export function VisitTypeName({ type }: { type: { nombre: string; color: string } }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <ColorSwatch color={type.color} size={12} aria-hidden style={{ flexShrink: 0 }} />
      <span>{type.nombre}</span>
    </Group>
  );
}
