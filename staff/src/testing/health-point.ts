/** Release health test data: one bucket of a version's health history, nothing counted unless given. */
import type { HealthPoint } from '@mchezo/contracts/release-history';

export const point = (at: string, extra: Partial<HealthPoint> = {}): HealthPoint => ({
  at,
  loads: 0,
  failures: 0,
  render_errors: 0,
  errors: 0,
  error_rate: null,
  lcp_p75: null,
  inp_p75: null,
  cls_p75: null,
  views: 0,
  ...extra,
});
