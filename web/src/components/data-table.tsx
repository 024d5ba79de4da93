import { Box, Table, type MantineSpacing, type TableProps, type TableTrProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import classes from './data-table.module.css';

export interface DataColumn<T> {
  label: ReactNode;
  /** React key of the column; the label when it is a string. */
  key?: string;
  cell: (row: T) => ReactNode;
  cellStyle?: CSSProperties;
  /** In a compact list on a phone, the cell takes a line of its own (notes under the row's line). */
  ownLine?: boolean;
}

interface DataTableProps<T> {
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T, index: number) => string | number;
  /** Width under which the table scrolls sideways instead of squeezing; none: no scroll container. */
  minWidth?: number;
  /** Mantine table props (striped, aria-labelledby ...). */
  table?: TableProps & { 'aria-labelledby'?: string };
  /** A row spanning every column, shown when there are no rows (callers that hide the table instead leave it out). */
  emptyRow?: ReactNode;
  /** The table's caption, which also names it. */
  caption?: ReactNode;
  /** Extra props of a row (a click handler, a style). */
  rowProps?: (row: T) => TableTrProps;
  /**
   * On a phone, one line per row (cells side by side, wrapping, the last one at the end) instead of
   * a labelled card: for short rows read at a glance, like the agenda's day.
   */
  compact?: boolean;
}

/**
 * A table of rows with column headers (scope="col"): the one markup the app's lists share. On a
 * phone its rows become cards (data-table.module.css); explicit roles keep it a table to screen
 * readers whatever its display.
 */
/** True on a phone's width, from the first render (no table-then-cards flash). */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
}

interface StackedTableProps {
  /** Width under which the table scrolls sideways on a tablet; on a phone it becomes cards instead. */
  minWidth: number;
  mt?: MantineSpacing;
  /** The table's caption, which also names it. */
  caption: ReactNode;
  /** The column headers, in order. */
  headers: string[];
  /** A page being fetched: the rows shown are about to change. */
  busy: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/**
 * A list's table written by hand (rows that are components of their own) with DataTable's phone
 * cards: give each body cell a data-label with its column's header; a cell without one spans the card.
 */
export function StackedTable({ minWidth, mt, caption, headers, busy, children }: StackedTableProps) {
  const phone = usePhone();
  const content = (
    <Table striped highlightOnHover verticalSpacing="sm" aria-busy={busy} className={classes.stacked}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header) => (
            <Table.Th key={header} scope="col">
              {header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return phone ? (
    <Box mt={mt}>{content}</Box>
  ) : (
    <Table.ScrollContainer minWidth={minWidth} mt={mt}>
      {content}
    </Table.ScrollContainer>
  );
}

export function DataTable<T>({ rows, columns, rowKey, minWidth, table, emptyRow, caption, rowProps, compact }: DataTableProps<T>) {
  const phone = usePhone();
  const keyOf = (column: DataColumn<T>, index: number) => column.key ?? (typeof column.label === 'string' ? column.label : index);
  const content = (
    <Table {...table} className={compact ? `${classes.stacked} ${classes.compact}` : classes.stacked} role="table">
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead role="rowgroup">
        <Table.Tr role="row">
          {columns.map((column, index) => (
            <Table.Th key={keyOf(column, index)} scope="col" role="columnheader">
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup">
        {rows.length === 0 && emptyRow !== undefined && (
          <Table.Tr role="row">
            <Table.Td colSpan={columns.length} role="cell">
              {emptyRow}
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((row, rowIndex) => (
          <Table.Tr {...rowProps?.(row)} key={rowKey(row, rowIndex)} role="row">
            {columns.map((column, index) => (
              <Table.Td
                key={keyOf(column, index)}
                style={column.cellStyle}
                role="cell"
                data-label={typeof column.label === 'string' ? column.label : undefined}
                data-own-line={column.ownLine || undefined}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  // Cards need no sideways scroll on a phone.
  return minWidth === undefined || phone ? content : <Table.ScrollContainer minWidth={minWidth}>{content}</Table.ScrollContainer>;
}
