import { Table, type TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import classes from './data-table.module.css';

export interface DataColumn<T> {
  label: ReactNode;
  /** React key of the column; the label when it is a string. */
  key?: string;
  cell: (row: T) => ReactNode;
  cellStyle?: CSSProperties;
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
}

/**
 * A table of rows with column headers (scope="col"): the one markup the app's lists share. On a
 * phone its rows become cards (data-table.module.css); explicit roles keep it a table to screen
 * readers whatever its display.
 */
export function DataTable<T>({ rows, columns, rowKey, minWidth, table, emptyRow }: DataTableProps<T>) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const keyOf = (column: DataColumn<T>, index: number) => column.key ?? (typeof column.label === 'string' ? column.label : index);
  const content = (
    <Table {...table} className={classes.stacked} role="table">
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
          <Table.Tr key={rowKey(row, rowIndex)} role="row">
            {columns.map((column, index) => (
              <Table.Td
                key={keyOf(column, index)}
                style={column.cellStyle}
                role="cell"
                data-label={typeof column.label === 'string' ? column.label : undefined}
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
