import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveCsv } from './save-file';

describe('saveFile', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clicks an attached link named for the file, removes it, and frees the URL later', async () => {
    vi.useFakeTimers();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:studio/1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: { download: string; href: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ download: this.download, href: this.href, attached: this.isConnected });
    });

    saveCsv('payments.csv', 'id,amount\r\n');

    expect(clicks).toEqual([{ download: 'payments.csv', href: 'blob:studio/1', attached: true }]);
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe('id,amount\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoked).toHaveBeenCalledWith('blob:studio/1');
  });
});
