/** Files, profiles, async requests and automations. */
import { z } from 'zod';
import { envelope, isoDate, long, Pagination, pathId, queryInt, queryList } from './common.js';

export const FILE_TYPES = ['browser_download', 'screenshot', 'recording', 'customer_upload'] as const;
export const FILE_STATUSES = ['available', 'uploading', 'upload_failed', 'deleted'] as const;

const fileName = () =>
  z
    .string()
    .min(1)
    .max(255)
    .refine((name) => !/[\\/\u0000-\u001f]/.test(name) && name !== '.' && name !== '..', {
      message: 'must be a plain file name without path separators or control characters',
    });

export const CreateFileBody = z
  .object({
    fileName: fileName(),
    fileType: z.enum(FILE_TYPES).optional(),
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'letters, digits, dashes and underscores, 1 to 64' })
      .optional(),
    sessionIds: z.array(z.string().min(1).max(128)).max(100).optional(),
  })
  .meta({ id: 'CreateFileRequest', examples: [{ fileName: 'invoice.pdf', fileType: 'customer_upload' }] });

const fileCore = {
  id: z.string(),
  orgId: z.string(),
  fileName: z.string(),
  fileBytes: long(),
  fileType: z.enum(FILE_TYPES),
  status: z.enum(FILE_STATUSES),
  uploadStartTime: isoDate(),
  sessionIds: z.array(z.string()).optional(),
};

export const CreateFileResponse = envelope(z.object({ ...fileCore, uploadUrl: z.string() })).meta({
  id: 'CreatedFile',
  description: 'The new file and a signed link to PUT its bytes to.',
});
export const GetFileResponse = envelope(
  z.object({ ...fileCore, downloadUrl: z.string(), expiryTime: isoDate().optional() }),
).meta({
  id: 'FileResponse',
  description: 'A file and a signed link to download it (no API key needed for the link).',
});

export const ExternalFile = z
  .object({
    ...fileCore,
    fileType: z.string(),
    status: z.string(),
    deleted: z.boolean(),
    visibleInApi: z.boolean(),
    visibleInPortal: z.boolean(),
    deletionTime: isoDate().optional(),
    expiryTime: isoDate().optional(),
    lastHeartbeatTime: isoDate().optional(),
    uploadCompleteTime: isoDate().optional(),
    downloadUrl: z.string().optional(),
  })
  .meta({ id: 'File', description: 'A file of the organization.' });
export const FilesResponse = envelope(
  z.object({ files: z.array(ExternalFile).optional(), pagination: Pagination }),
).meta({ id: 'FileList' });

export const ListFilesQuery = z.object({
  sessionIds: queryList().optional(),
  offset: queryInt().pipe(z.number().int().min(-1)).optional(),
  limit: queryInt().pipe(z.number().int().min(1).max(100)).optional(),
});

export const FileParams = z.object({ id: pathId('file') });
export const PushFileBody = z.object({ sessionIds: z.array(z.string().min(1).max(128)).max(100).optional() });

export const DeleteProfilesQuery = z.object({
  profileNames: queryList().optional(),
  profileIds: queryList().optional(),
});

export const RequestParams = z.object({ requestId: pathId('request') });
export const RequestStatusResponse = z
  .object({
    status: z.enum(['pending', 'completed', 'error']),
    response: z.unknown().optional(),
    error: z.string().optional(),
  })
  .meta({
    id: 'RequestStatus',
    description: "The state of an async request and, once done, its result (the operation's envelope) or error.",
  });

export const AutomationOutput = z
  .object({
    domainName: z.string(),
    id: z.string(),
    description: z.string().optional(),
    schema: z.string().optional(),
    template: z.string().optional(),
  })
  .meta({ id: 'Automation' });
export const ListAutomationsOutput = z
  .object({ automations: z.array(AutomationOutput).optional() })
  .meta({ id: 'AutomationList' });
export const AutomationParams = z.object({ automationId: pathId('automation') });
export const UpdateAutomationDescriptionBody = z.object({
  description: z.string().max(10_000),
  id: z.string().min(1).max(128),
  orgId: z.string().min(1).max(128),
});
export const DeleteAutomationOutput = z.record(z.string(), z.unknown());
