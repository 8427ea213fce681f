/**
 * Toasts (sonner) for a change done ("Role granted"). Its stylesheet is a file: the build drops
 * the inline <style> sonner would write (sonner-stylesheet-loader.cjs), which the policy refuses.
 */
import 'sonner/dist/styles.css';
import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

export function Toaster() {
  return <Sonner position="bottom-right" theme="dark" duration={4000} visibleToasts={3} />;
}
