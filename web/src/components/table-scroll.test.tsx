import { act, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PagedTable, type PagedTableColumn } from './paged-table';
import { TableScroll } from './table-scroll';

/** jsdom lays nothing out: each box is as wide as `boxWidth`, its content as wide as `contentWidth`. */
let boxWidth = 390;
let contentWidth = 390;
/** The resize observers the boxes made, to tell them the window changed. */
let resized: (() => void)[] = [];

beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(() => boxWidth);
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(() => contentWidth);
  boxWidth = 390;
  contentWidth = 390;
  resized = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resized.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

interface Row {
  id: number;
  client: string;
}
const columns: PagedTableColumn<Row>[] = [
  { key: 'id', header: 'Reference', cell: (row) => row.id },
  { key: 'client', header: 'Clients', cell: (row) => row.client },
];
const texts = { name: 'Applications', empty: 'None yet', loading: 'Loading', pager: 'Pages of applications', total: (n: number) => `${String(n)} applications` };

function Applications() {
  const page = { rows: [{ id: 7, client: 'Alan Turing' }], currentPage: 1, totalRecordCount: 1, loading: false, onPageChange: () => undefined };
  return (
    <MemoryRouter>
      <PagedTable columns={columns} page={page} rowKey={(row) => row.id} rowPath={(row) => `/cases/${String(row.id)}`} texts={texts} />
    </MemoryRouter>
  );
}

describe('a table wider than the screen', () => {
  it('scrolls in a box a keyboard user can focus, named after the list (the dashboard’s at a phone’s width)', () => {
    contentWidth = 720;
    render(<Applications />);
    const box = screen.getByRole('region', { name: 'Applications' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toContainElement(screen.getByRole('table'));
    // The pager stays put under the box, not scrolled away with the table.
    expect(box).not.toContainElement(screen.getByRole('navigation', { name: 'Pages of applications' }));
  });

  it('is no stop and no region while it fits', () => {
    render(<Applications />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('becomes focusable when the window narrows, and stops being once it widens again', () => {
    render(<Applications />);
    expect(screen.queryByRole('region')).toBeNull();
    contentWidth = 720;
    act(() => resized.forEach((callback) => callback()));
    expect(screen.getByRole('region', { name: 'Applications' })).toHaveAttribute('tabindex', '0');
    boxWidth = 1024;
    act(() => resized.forEach((callback) => callback()));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('names an antd Table’s box after its heading', () => {
    contentWidth = 720;
    render(
      <>
        <h3 id="price-heading">Indicative price</h3>
        <TableScroll labelledBy="price-heading">
          <Table size="small" pagination={false} rowKey="cover" dataSource={[{ cover: 'Life Protection', premium: '£12.34' }]} columns={[{ title: 'Cover', dataIndex: 'cover' }, { title: 'Premium', dataIndex: 'premium' }]} />
        </TableScroll>
      </>,
    );
    const box = screen.getByRole('region', { name: 'Indicative price' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toContainElement(screen.getByRole('table'));
  });
});
