/** The wire shapes the console reads (the parts it shows). */
import type { Pagination } from '../api.js';

export interface Session {
  id: string;
  status: string;
  dateCreated?: string;
  lastActivity?: string;
  currentUsage?: number;
  profileId?: string;
  configuration: { timeoutMinutes?: number; persistProfile?: boolean };
}
export interface SessionsPage {
  data: { pagination: Pagination; sessions?: Session[] };
}
export interface FileItem {
  id: string;
  fileName: string;
  fileType: string;
  status: string;
  fileBytes: number;
  uploadStartTime: string;
  sessionIds?: string[];
  downloadUrl?: string;
}
export interface Usage {
  orgId: string;
  days: { date: string; credits: number; operations: number }[];
  sessions: { sessionId: string; credits: number }[];
}
export type Page = (
  main: HTMLElement,
  params: { id?: string; query: URLSearchParams },
  signal: AbortSignal,
) => Promise<void>;
