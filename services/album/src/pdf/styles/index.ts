import type { AlbumStyle } from '@gnology/contracts';
import type { StyleDesign } from '../theme';
import { classic } from './classic';
import { minimal } from './minimal';
import { modern } from './modern';
import { vintage } from './vintage';

export const STYLE_DESIGNS: Record<AlbumStyle, StyleDesign> = { classic, modern, vintage, minimal };
