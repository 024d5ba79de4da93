import { Table, type TableProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

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

/** A table of rows with column headers (scope="col"): the one markup the app's lists share. */
export function DataTable<T>({ rows, columns, rowKey, minWidth, table, emptyRow }: DataTableProps<T>) {
  const keyOf = (column: DataColumn<T>, index: number) => column.key ?? (typeof column.label === 'string' ? column.label : index);
  const content = (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={keyOf(column, index)} scope="col">
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && emptyRow !== undefined && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>{emptyRow}</Table.Td>
          </Table.Tr>
        )}
        {rows.map((row, rowIndex) => (
          <Table.Tr key={rowKey(row, rowIndex)}>
            {columns.map((column, index) => (
              <Table.Td key={keyOf(column, index)} style={column.cellStyle}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? content : <Table.ScrollContainer minWidth={minWidth}>{content}</Table.ScrollContainer>;
}
