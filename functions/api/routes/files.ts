/** Files: create and upload, list, read with a download URL, delete, push into sessions' browsers. Part of the route table (`../routes.ts`). */
import type { Route } from '../route.js';
import * as res from '../schemas/resources.js';
import { EmptyEnvelope } from '../schemas/sessions.js';

export const fileRoutes = {
  listFiles: {
    handler: 'files/list',
    method: 'GET' as const,
    path: '/v1/files',
    summary: 'List files',
    tag: 'files' as const,
    query: res.ListFilesQuery,
    status: 200,
    response: res.FilesResponse,
  },
  createFile: {
    handler: 'files/create',
    method: 'POST' as const,
    path: '/v1/files',
    summary: 'Create a file and get a URL to upload its bytes to',
    description:
      "An org's stored files (and saved profiles) may hold `MAX_STORED_BYTES_PER_ORG` bytes in all (10 GiB by default). Until its bytes are read, an upload holds room for the largest file it may become (100 MiB, or what room is left); once they are, their size. With no room left this answers 413 `storage_limit_reached` naming the limit and the org's use: delete files to free space. Bytes that turn out not to fit leave the file `upload_failed`, saying so, and are not kept.",
    tag: 'files' as const,
    body: res.CreateFileBody,
    status: 200,
    response: res.CreateFileResponse,
  },
  getFile: {
    handler: 'files/get',
    method: 'GET' as const,
    path: '/v1/files/{id}',
    summary: 'Get a file and a URL to download it',
    description: '`downloadUrl` is a signed link that works without the API key until `expiryTime`.',
    tag: 'files' as const,
    params: res.FileParams,
    status: 200,
    response: res.GetFileResponse,
  },
  deleteFile: {
    handler: 'files/delete',
    method: 'DELETE' as const,
    path: '/v1/files/{id}',
    summary: 'Delete a file',
    tag: 'files' as const,
    params: res.FileParams,
    status: 200,
    response: EmptyEnvelope,
  },
  pushFile: {
    handler: 'files/push',
    method: 'POST' as const,
    path: '/v1/files/{id}/push',
    summary: "Make a file available inside sessions' browsers",
    tag: 'files' as const,
    params: res.FileParams,
    body: res.PushFileBody,
    status: 200,
    response: EmptyEnvelope,
  },
} satisfies Record<string, Omit<Route, 'operationId'>>;
