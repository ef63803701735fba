import { MSG } from '../../../shared/messages';
import { toast } from '../../lib/toast';

/** Copies text and confirms with the spec's toast; falls back to a hidden textarea where the Clipboard API is missing. */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
    else {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      if (!ok) throw new Error('copy refused');
    }
    toast.success(MSG.copied);
  } catch {
    toast.error('Could not copy. Select the text and copy it by hand.');
  }
}
