// Generated from openapi.json by packages/sdk/src/generate.ts (make generate); do not edit.
export interface paths {
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the account
         * @description Deletes the user with every token and session. Only from a signed-in app, never with a token.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/app-experience": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The app-experience preferences of the signed-in user
         * @description Every field is present: a field the user never set (or reset) holds its default.
         */
        get: operations["getAccountAppExperience"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change app-experience preferences
         * @description A JSON merge patch (RFC 7396; `application/json` or `application/merge-patch+json`): a field present replaces its value, `null` resets it to its default, a field left out keeps its value. Answers every field. An unknown field, a bad value or an empty object is 422; an internal profile the user may not use is 422 validation_error, as an unknown one.
         */
        patch: operations["updateAccountAppExperience"];
        trace?: never;
    };
    "/api/v1/account/features": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Effective features of the signed-in user */
        get: operations["listAccountFeatures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/features/{feature_key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One effective feature */
        get: operations["getAccountFeature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/compat/audio/transcriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fast transcription of a short clip (OpenAI-compatible)
         * @description Multipart form; point the `openai` client at `{base_url}/api/v1/ai/compat`. Clips up to 26214400 bytes (more: 413 file_too_large) and 120 s of audio (more: 422 clip_too_long). A PCM WAV holding no speech (silence, steady noise) is answered by the speech guard (`text` empty, `evidence: noSpeech`, `reason: speech_guard`) with no engine run and no charge. Otherwise the platform's engine runs while you wait, charged in tokens at svc-fast prices: 10 input tokens per second of audio, the text's tokens as output (ADR 0021). No job is created; nothing is stored. `text`, `srt` and `vtt` answer text/plain.
         */
        post: operations["createCompatTranscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/compat/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Chat completion (OpenAI-compatible)
         * @description OpenAI-compatible; point the `openai` client at `{base_url}/api/v1/ai/compat`. Spends credits: the bound of the request is held first (402 insufficient_credits, and no upstream call, when short), the tokens used are charged at the alias price (ADR 0020). An `Idempotency-Key` header makes a retry of a completed call a 409.
         */
        post: operations["createCompatChatCompletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/compat/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Embeddings (OpenAI-compatible)
         * @description OpenAI-compatible; point the `openai` client at `{base_url}/api/v1/ai/compat`. Spends credits: the bound of the request is held first (402 insufficient_credits, and no upstream call, when short), the tokens used are charged at the alias price (ADR 0020). An `Idempotency-Key` header makes a retry of a completed call a 409.
         */
        post: operations["createCompatEmbeddings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/compat/images/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Image generation (OpenAI-compatible)
         * @description OpenAI-compatible; point the `openai` client at `{base_url}/api/v1/ai/compat`. Spends credits: the bound of the request is held first (402 insufficient_credits, and no upstream call, when short), the tokens used are charged at the alias price (ADR 0020). An `Idempotency-Key` header makes a retry of a completed call a 409.
         */
        post: operations["createCompatImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/compat/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Managed-AI model aliases
         * @description The stable public aliases and their prices; the `openai` client's `models.list()` reads them.
         */
        get: operations["listCompatModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/compat/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Response (OpenAI-compatible responses API)
         * @description OpenAI-compatible; point the `openai` client at `{base_url}/api/v1/ai/compat`. Spends credits: the bound of the request is held first (402 insufficient_credits, and no upstream call, when short), the tokens used are charged at the alias price (ADR 0020). An `Idempotency-Key` header makes a retry of a completed call a 409.
         */
        post: operations["createCompatResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List artifacts */
        get: operations["listArtifacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artifacts/{artifact_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An artifact and its current version pointer */
        get: operations["getArtifact"];
        put?: never;
        post?: never;
        /**
         * Delete an artifact
         * @description The artifact and its versions become unreachable at once, and public share links to it stop working.
         */
        delete: operations["deleteArtifact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artifacts/{artifact_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Versions of an artifact, newest first
         * @description With include_payload=true, media-export versions carry their JSON payload (null where it cannot be read).
         */
        get: operations["listArtifactVersions"];
        put?: never;
        /**
         * Save a new version
         * @description The payload is a transcript (/schemas/transcript.v1.json); it becomes the current version.
         */
        post: operations["createArtifactVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artifacts/{artifact_id}/versions/{version_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A version with its canonical payload */
        get: operations["getArtifactVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artifacts/{artifact_id}/versions/{version_id}/download-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A short-lived signed URL for a media-export output */
        get: operations["getArtifactDownloadUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artifacts/{artifact_id}/versions/{version_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a version current again
         * @description Nothing is deleted; the restore is recorded in the history.
         */
        post: operations["restoreArtifactVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/artifacts/versions/{version_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One immutable version */
        get: operations["getVersionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List signed-in device sessions */
        get: operations["listDeviceSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/devices/{device_id}/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log out one device session */
        post: operations["logoutDeviceSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/devices/logout-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log out every device session */
        post: operations["logoutAllDeviceSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to the app
         * @description Creates a device session; its token reaches the app-only endpoints (token management, account deletion).
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out this device */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List personal access tokens */
        get: operations["listPersonalAccessTokens"];
        put?: never;
        /**
         * Create a personal access token
         * @description Scopes or a preset (read-only, automation, full); no expiry, 7/30/90 days, or a custom date. The secret is returned once.
         */
        post: operations["createPersonalAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a personal access token
         * @description Takes effect immediately, also at gateways that cache credentials.
         */
        delete: operations["revokePersonalAccessToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credit balance
         * @description Polling is cheap: the gateway keeps the answer briefly (BALANCE_READ_CACHE_MS, 0.5 s by default). A change you make through the API (a job created or cancelled, an AI call) shows at once; one made elsewhere (a job’s settlement, a grant) within that time.
         */
        get: operations["getBillingBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit grants */
        get: operations["listCreditGrants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ledger entries, newest first */
        get: operations["listLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/principal-balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balances visible to the caller
         * @description The caller's own balance and those of the workspaces it belongs to.
         */
        get: operations["listPrincipalBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit price, currency and plan limits */
        get: operations["getBillingProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cloud-storage/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Storage used by the caller */
        get: operations["getCloudStorageUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/format": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert a transcript to text, JSON, SRT or WebVTT
         * @description Stateless: the body holds canonical transcript JSON (see /schemas/transcript.v1.json) and the options of `GET /api/v1/jobs/{job_id}/export`; the answer is the converted file, exactly as an export of a job would be. No authentication.
         */
        post: operations["formatTranscript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jobs, newest first
         * @description Top-level jobs (batch items are listed under their batch).
         */
        get: operations["listJobs"];
        put?: never;
        /**
         * Create a transcription or caption burn job
         * @description Reserves credits for the media duration at the profile rate (402 insufficient_credits when short; nothing is queued then) and queues the job. A `caption_burn` job burns a transcript of the media into it (`options.caption_burn`; the newest transcript unless named; none is a 422 at `options.caption_burn.transcript_artifact_id`) at the caption-burn rate, whatever the profile; its output is a `media_export` artifact (an MP4). Poll `GET /api/v1/jobs/{job_id}` until it ends. A profile this deployment does not run is 400 profile_unavailable; a language or option its `capabilities` (`GET /api/v1/models`) do not offer is a 422 of type `unsupported_option` naming the option (`loc`), never ignored, with the choices there are in `ctx` (e.g. the translation `targets`). With `execution_mode: client_local` your own device runs the job: it is queued `waiting_for_device`, holds no credits, and ends when the device delivers its transcript (`POST /api/v1/jobs/{job_id}/transcript`).
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status and progress of a job
         * @description Polling is cheap: the gateway keeps the answer briefly. A change of status shows at once (jobs announce them), as does anything you change through the API; the progress and queue place of a queued or running job within JOB_READ_CACHE_MS (0.5 s by default), a late correction of an ended job’s charge within JOB_FINISHED_READ_CACHE_MS (30 s).
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a queued or running job
         * @description A running job stops within seconds; its credit hold is released. A batch cancels its unfinished items. A finished job is 409 job_not_cancellable.
         */
        delete: operations["cancelJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Artifacts the job produced */
        get: operations["listJobArtifacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the transcript as text, JSON, SRT or WebVTT
         * @description The current version of the job’s transcript (edits included), converted. 409 job_not_completed until the job has succeeded; a caption_burn job has no transcript of its own: 409 job_has_no_transcript, naming its media_export artifact (download it with …/download-url).
         */
        get: operations["exportJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Items of a batch job
         * @description One job per media of the batch, in creation order; empty for a job that is not a batch.
         */
        get: operations["listJobItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report the progress of a client-local job (from your device)
         * @description The first report starts the job (`queued` → `running`). Progress never goes back. Each report keeps the job alive: a client-local job that hears nothing for the idle timeout fails `device_timeout`. A cloud job is 409 not_client_local; a job that has ended (succeeded, failed, cancelled) is 409 job_not_running.
         */
        post: operations["reportJobProgress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver the transcript of a client-local job (from your device)
         * @description Validates the transcript (422 with its problems; the job stays as it was), stores it as the job’s transcript artifact (once: a retry stores nothing twice) and ends the job `succeeded` with the media’s duration as `billed_seconds` (client-local jobs cost nothing). A delivery may come without any progress report before. Then `GET /api/v1/jobs/{job_id}/export` and `/artifacts` work as for any transcription. Errors as for progress.
         */
        post: operations["deliverJobTranscript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your running and queued jobs, in execution order */
        get: operations["getJobQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/queue/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a queued job before another, or to the end
         * @description Reorders your own queued jobs among the queue places they already hold: no job moves ahead of another user’s jobs. Workers take jobs in this order.
         */
        post: operations["reorderJobQueue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List media */
        get: operations["listMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/{media_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one media asset */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        /** Delete a media asset and its storage object */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/{media_id}/artifacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Artifacts made from a media asset */
        get: operations["listMediaArtifacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/{media_id}/download-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A short-lived signed URL to play or download a ready media asset
         * @description Signed for the public storage address. 409 media_not_ready until the media is verified.
         */
        get: operations["getMediaDownloadUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finalize an upload
         * @description 201 with the media once verified; 202 while verification runs (repeat with the same token after `Retry-After`). `Prefer: wait=<seconds>` sets how long to wait for verification before answering 202.
         */
        post: operations["completeUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register an object already in storage
         * @description 201 with the media once verified: the request waits for verification, up to `Prefer: wait=<seconds>` or 25 s. Verification still running after that is 503 `verification_unfinished` with `Retry-After`: the media is stored, `GET /api/v1/media/{media_id}` (`detail.media_id`) shows it `ready` or `failed` once verified. `Prefer: respond-async` (RFC 7240) asks for 202 `verification_pending` instead (with `Preference-Applied: respond-async`) when verification outlasts `Prefer: wait` (default: a few seconds).
         */
        post: operations["registerMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload and register a file
         * @description multipart/form-data; the file is streamed to storage, never held in memory. Fields come before the `file` part. 201 with the media once verified: the request waits for verification, up to `Prefer: wait=<seconds>` or 25 s. Verification still running after that is 503 `verification_unfinished` with `Retry-After`: the media is stored, `GET /api/v1/media/{media_id}` (`detail.media_id`) shows it `ready` or `failed` once verified. `Prefer: respond-async` (RFC 7240) asks for 202 `verification_pending` instead (with `Preference-Applied: respond-async`) when verification outlasts `Prefer: wait` (default: a few seconds).
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/upload-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an upload session
         * @description Issues a short-lived signed URL; PUT the bytes there with the same Content-Type, then call /api/v1/media/complete.
         */
        post: operations["createUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transcription profiles
         * @description Public profiles always; internal profiles only for users granted their feature. A token is optional. `execution_modes` lists `client_local` only for users granted the feature `jobs.client_local`. Whether each is available and what its jobs may ask for come from what this deployment runs, as job creation judges it.
         */
        get: operations["listModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your share links, newest first */
        get: operations["listShares"];
        put?: never;
        /**
         * Create a public link to a transcript
         * @description Anyone with `share_url` can read the transcript (a page in a browser, JSON with `Accept: application/json`, downloads). The URL is shown once.
         */
        post: operations["createShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shares/{share_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One share link */
        get: operations["getShare"];
        put?: never;
        post?: never;
        /**
         * Revoke a link
         * @description The URL answers 404 at once. Revoking again changes nothing.
         */
        delete: operations["revokeShare"];
        options?: never;
        head?: never;
        /** Change a link’s title, pinned version or expiry */
        patch: operations["updateShare"];
        trace?: never;
    };
    "/api/v1/shares/{share_id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a link’s URL
         * @description The new `share_url` is returned once; the old URL stops working at once.
         */
        post: operations["rotateShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open a shared transcript
         * @description No authentication: the link is the credential. A browser gets a page (no scripts; a strict Content-Security-Policy); `Accept: application/json` gets the canonical transcript. An unknown, revoked, expired or taken-down link is 404.
         */
        get: operations["openShare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{token}/download/{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a shared transcript
         * @description The converters of job export, with their defaults.
         */
        get: operations["downloadShare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a transcription (product back-end interface)
         * @description `audio_url` is a `fileUrl` of `POST /upload` (another owner’s: 404) or a public http(s) URL the platform fetches (up to 100 MiB). Credits are held as for any job (402 insufficient_credits; nothing queued). With `webhook_url` and `webhook_secret`, a signed delivery is sent when the job ends; URLs that resolve to private, loopback or link-local addresses are refused (422 url_not_allowed, `detail.field` names the field). An option the model cannot serve is a 422 naming the field (`loc`), of type `unsupported_option`. Poll `GET /transcribe/{jobId}`, the source of truth.
         */
        post: operations["productTranscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcribe/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * State and result of a transcription (the source of truth)
         * @description `PENDING`, `IN_PROGRESS`, then `COMPLETED` (with `result`: the text, the segments, the translation when asked, and the output in `output_format`), `FAILED` (with `error`) or `CANCELLED`.
         */
        get: operations["productGetTranscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcribe/{jobId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job's webhook deliveries, newest first
         * @description Each delivery with its attempts (status codes, errors), its state (`pending`, `delivered`, `failed` after the whole retry schedule, `gone` after a 410) and when the next attempt is due.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transcribe/{jobId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook delivery again
         * @description The same delivery id and body, a fresh timestamp and signature, the retry schedule restarted. A delivery still pending is answered as it is.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file (product back-end interface)
         * @description Three ways, by Content-Type. `multipart/form-data` with a `file` part: streamed to storage, up to 104857600 bytes (more: 413 media_too_large, nothing stored). JSON `{file_name, content_type}`: a signed form (S3 POST policy, 60 minutes) to post the bytes to. JSON with `data_base64`: the file inline, up to 4194304 bytes decoded. Each answers the media id and `fileUrl` (a read URL valid 24 hours), the `audio_url` of `POST /transcribe`. `Prefer: wait=<seconds>` sets how long to wait for verification.
         */
        post: operations["productUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "transcription.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `transcription.cancelled`, sent to the job's webhook_url
         * @description One signed POST to the job's `webhook_url` when a job started with one ends (ADR 0017). Verify it before trusting it: recompute `sha256=` + hex HMAC-SHA256(webhook_secret, `X-Service-Timestamp` + "." + raw body) and compare it with `X-Service-Signature` in constant time, refusing a timestamp far from your clock (5 minutes). With a Standard Webhooks secret (`whsec_` + base64) the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers are also sent, which that standard's libraries verify. A 2xx within 15 s is success; anything else is retried (the same delivery id and body, a fresh timestamp and signature) for about three days, no sooner than a `Retry-After` of a 429 or 503 asks; 410 stops the retries; redirects are never followed.
         */
        post: operations["transcriptionCancelledWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transcription.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `transcription.completed`, sent to the job's webhook_url
         * @description One signed POST to the job's `webhook_url` when a job started with one ends (ADR 0017). Verify it before trusting it: recompute `sha256=` + hex HMAC-SHA256(webhook_secret, `X-Service-Timestamp` + "." + raw body) and compare it with `X-Service-Signature` in constant time, refusing a timestamp far from your clock (5 minutes). With a Standard Webhooks secret (`whsec_` + base64) the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers are also sent, which that standard's libraries verify. A 2xx within 15 s is success; anything else is retried (the same delivery id and body, a fresh timestamp and signature) for about three days, no sooner than a `Retry-After` of a 429 or 503 asks; 410 stops the retries; redirects are never followed.
         */
        post: operations["transcriptionCompletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transcription.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * `transcription.failed`, sent to the job's webhook_url
         * @description One signed POST to the job's `webhook_url` when a job started with one ends (ADR 0017). Verify it before trusting it: recompute `sha256=` + hex HMAC-SHA256(webhook_secret, `X-Service-Timestamp` + "." + raw body) and compare it with `X-Service-Signature` in constant time, refusing a timestamp far from your clock (5 minutes). With a Standard Webhooks secret (`whsec_` + base64) the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers are also sent, which that standard's libraries verify. A 2xx within 15 s is success; anything else is retried (the same delivery id and body, a fresh timestamp and signature) for about three days, no sooner than a `Retry-After` of a 429 or 503 asks; 410 stops the retries; redirects are never followed.
         */
        post: operations["transcriptionFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AccountAppExperienceUpdateRequest: {
            /**
             * @description Format preselected for exports; default `json`.
             * @enum {string|null}
             */
            default_export_format?: "text" | "json" | "srt" | "vtt" | null;
            /**
             * @description Profile preselected for new jobs (`GET /api/v1/models`); default `oracle`.
             * @enum {string|null}
             */
            default_profile?: "oracle" | "oracle-mini" | "oracle-pro" | "oracle-max" | "base-whisper" | "base" | null;
            /** @description Language of the app: a BCP 47 tag (language, optional script and region), stored canonical (`pt-br` → `pt-BR`); default `en`. */
            interface_language?: string | null;
            /** @description Cue width of srt and vtt exports, 10 to 500; default 80. */
            max_chars_per_entry?: number | null;
            /** @description Whether transcripts show their timestamps; default true. */
            show_timestamps?: boolean | null;
            /**
             * @description Colour theme; default `system`.
             * @enum {string|null}
             */
            theme?: "system" | "light" | "dark" | null;
        };
        AppExperiencePreference: {
            /**
             * @description Format preselected for exports; default `json`.
             * @enum {string}
             */
            default_export_format: "text" | "json" | "srt" | "vtt";
            /**
             * @description Profile preselected for new jobs (`GET /api/v1/models`); default `oracle`.
             * @enum {string}
             */
            default_profile: "oracle" | "oracle-mini" | "oracle-pro" | "oracle-max" | "base-whisper" | "base";
            /** @description Language of the app: a BCP 47 tag (language, optional script and region), stored canonical (`pt-br` → `pt-BR`); default `en`. */
            interface_language: string;
            /** @description Cue width of srt and vtt exports, 10 to 500; default 80. */
            max_chars_per_entry: number;
            /** @description Whether transcripts show their timestamps; default true. */
            show_timestamps: boolean;
            /**
             * @description Colour theme; default `system`.
             * @enum {string}
             */
            theme: "system" | "light" | "dark";
            /**
             * Format: date-time
             * @description The last change; null while every field is its default.
             */
            updated_at: string | null;
        };
        AppSession: {
            device: components["schemas"]["DeviceSession"];
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            expires_at: string;
            /** @description Send as `Authorization: Bearer <session_token>`. */
            session_token: string;
            /** @enum {string} */
            token_type: "Bearer";
        };
        Artifact: {
            artifact_id: string;
            /** @enum {string} */
            artifact_type: "transcript" | "media_export";
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            current_version_id: string;
            job_id: string | null;
            media_id: string;
            title: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            updated_at: string;
            version_count: number;
            workspace_id: string | null;
        };
        ArtifactVersion: {
            artifact_id: string;
            author: {
                id: string;
                /** @enum {string} */
                type: "service" | "user";
            };
            /** @description `sha256:` of the canonical payload: equal content, equal hash. */
            content_hash: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            note: string | null;
            number: number;
            /** @description The file of a media export. */
            output: {
                bytes: number;
                format: string;
            } | null;
            parent_version_id: string | null;
            /** @description The canonical JSON payload (a transcript follows /schemas/transcript.v1.json); null when it cannot be read; absent unless requested. */
            payload?: unknown;
            payload_bytes: number;
            version_id: string;
        };
        ArtifactWithVersion: {
            artifact: components["schemas"]["Artifact"];
            version: components["schemas"]["ArtifactVersion"];
        };
        BillingBalance: {
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            as_of: string;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            available_credits: number;
            available_usd: number;
            principal_id: string;
            /** @description Held for queued and running jobs. */
            reserved_credits: number;
            reserved_usd: number;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            total_credits: number;
            total_usd: number;
        };
        BillingProfile: {
            /** @description Price of one credit in the currency (1.20). */
            credit_price: number;
            currency: string;
            limits: {
                max_concurrent_jobs: number;
                max_upload_bytes: number;
                storage_quota_bytes: number;
            };
            plan: string;
            principal_id: string;
        };
        CloudStorageUsage: {
            available_bytes: number;
            object_count: number;
            quota_bytes: number;
            used_bytes: number;
        };
        /** @description The OpenAI-compatible request body; fields not listed are passed through. */
        CompatChatCompletionRequest: {
            max_completion_tokens?: number;
            max_tokens?: number;
            messages: ({
                role: string;
            } & {
                [key: string]: unknown;
            })[];
            /**
             * @description A managed-AI alias: svc-chat, svc-chat-mini.
             * @enum {string}
             */
            model: "svc-chat" | "svc-chat-mini";
            /** @description Answer as server-sent events, relayed as they come. */
            stream?: boolean;
            stream_options?: {
                include_usage?: boolean;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description The OpenAI-compatible request body; fields not listed are passed through. */
        CompatEmbeddingsRequest: {
            input: string | string[] | number[] | number[][];
            /**
             * @description A managed-AI alias: svc-embed.
             * @enum {string}
             */
            model: "svc-embed";
            /** @description Answer as server-sent events, relayed as they come. */
            stream?: boolean;
        } & {
            [key: string]: unknown;
        };
        /** @description The OpenAI contract's error, which the `openai` client raises its typed errors from; `detail` beside it is the platform's own error body. */
        CompatError: {
            code: string | null;
            message: string;
            param: string | null;
            /** @enum {unknown} */
            type: "invalid_request_error" | "authentication_error" | "insufficient_quota" | "permission_error" | "not_found_error" | "rate_limit_error" | "api_error";
        };
        /** @description The OpenAI-compatible request body; fields not listed are passed through. */
        CompatImageGenerationRequest: {
            /**
             * @description A managed-AI alias: svc-image.
             * @enum {string}
             */
            model: "svc-image";
            n?: number;
            prompt: string;
            /** @description Answer as server-sent events, relayed as they come. */
            stream?: boolean;
        } & {
            [key: string]: unknown;
        };
        CompatModel: {
            created: number;
            description: string;
            /** @description The stable public alias. */
            id: string;
            input_credits_per_million_tokens: number;
            /** @enum {string} */
            kind: "chat" | "responses" | "embeddings" | "images" | "transcription";
            /** @enum {string} */
            object: "model";
            output_credits_per_million_tokens: number;
            owned_by: string;
        };
        /** @description The OpenAI-compatible request body; fields not listed are passed through. */
        CompatResponsesRequest: {
            input?: unknown;
            max_output_tokens?: number;
            /**
             * @description A managed-AI alias: svc-chat, svc-chat-mini, svc-reason.
             * @enum {string}
             */
            model: "svc-chat" | "svc-chat-mini" | "svc-reason";
            /** @description Answer as server-sent events, relayed as they come. */
            stream?: boolean;
        } & {
            [key: string]: unknown;
        };
        CompatTranscription: {
            /** @description purpose=live: what the clip cost. */
            billing?: {
                /** @description How the charge was computed. */
                basis: string;
                credits_charged: number;
                input_tokens: number;
                model: string;
                output_tokens: number;
                pending: boolean;
                /** @description Seconds, to the millisecond. */
                seconds: number;
            };
            /** @description verbose_json: of the audio. */
            duration?: number;
            /**
             * @description When the speech guard answered: no engine ran.
             * @enum {string}
             */
            evidence?: "noSpeech";
            /** @description verbose_json or purpose=live: the language spoken. */
            language?: string;
            /**
             * @description With `evidence`.
             * @enum {string}
             */
            reason?: "speech_guard";
            /** @description verbose_json. */
            segments?: {
                /** @description Seconds, to the millisecond. */
                end: number;
                id: number;
                /** @description Seconds, to the millisecond. */
                start: number;
                text: string;
            }[];
            /** @description With target_language or purpose=live: what was said, in its language. */
            source_text?: string;
            /**
             * @description verbose_json.
             * @enum {string}
             */
            task?: "transcribe";
            /** @description What was said; with target_language, the translation. */
            text: string;
            /** @description verbose_json with timestamp_granularities[]=word, or purpose=live with want_words. */
            words?: {
                /** @description Seconds, to the millisecond. */
                end: number;
                /** @description Seconds, to the millisecond. */
                start: number;
                word: string;
            }[];
            /** @description purpose=live with want_words: always false (the engine times each word). */
            words_estimated?: boolean;
        };
        CompatTranscriptionForm: {
            /**
             * Format: binary
             * @description The clip: up to 25 MiB and 120 s of audio, any format ffmpeg decodes.
             */
            file: string;
            /** @description The language spoken (ISO 639-1); default: detected. */
            language?: string;
            /** @description `svc-fast`, or a profile whose live route runs in the cloud (oracle-mini, oracle, …). */
            model: string;
            /** @description Accepted for the contract's sake; the engines here take no prompt. */
            prompt?: string;
            /**
             * @description `live` adds source_text, language and the billing block (and words with want_words).
             * @default transcribe
             * @enum {string}
             */
            purpose?: "transcribe" | "live";
            /**
             * @default json
             * @enum {string}
             */
            response_format?: "json" | "text" | "srt" | "vtt" | "verbose_json";
            /** @description Translate the clip into this language (ISO 639-1): `text` (and the segments) are the translation, `source_text` what was said. Targets: the worker's pairs (English to es, ca, gl, eo); another is a 422 of type `unsupported_option` naming them (`ctx.targets`). Included in the price. */
            target_language?: string;
            /** @description Accepted for the contract's sake; the engines here decode greedily. */
            temperature?: number | null;
            /** @description With verbose_json: `word` adds the words with their times; segments are always given. */
            "timestamp_granularities[]"?: ("word" | "segment")[];
            /** @description With purpose=live: also the words with their times. */
            want_words?: boolean;
        };
        CreateArtifactVersionBody: {
            /** @description The version the edit started from; 409 version_conflict when it is no longer current. */
            base_version_id?: string;
            note?: string;
            payload: components["schemas"]["Transcript"];
        };
        CreatedPersonalAccessToken: {
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            /** @description First characters of the token, for recognising it. */
            display_prefix: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            last_used_at: string | null;
            name: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            revoked_at: string | null;
            scopes: ("files:read" | "files:write" | "jobs:read" | "jobs:write" | "transcripts:read" | "transcripts:write" | "ai:use" | "shares:read" | "shares:write" | "devices:read" | "devices:write" | "account:read" | "account:write" | "billing:read")[];
            /** @description The secret. Shown only in this response; store it now. */
            token: string;
            token_id: string;
        };
        CreateJobRequest: {
            /**
             * @description `client_local`: your own device runs the job (a single transcription, on a profile whose `execution_modes` in `GET /api/v1/models` include it; the feature `jobs.client_local`, else 403 feature_required). No worker takes it and no credits are held; it fails `device_timeout` when the device stays silent too long.
             * @default cloud
             * @enum {string}
             */
            execution_mode?: "cloud" | "client_local";
            input: {
                media_id: string;
                /** @enum {string} */
                type: "media_ref";
            } | {
                media_ids: string[];
                /** @enum {string} */
                type: "batch";
            };
            options?: components["schemas"]["JobOptions"];
            /**
             * @description Transcription profile (`GET /api/v1/models`). For a caption_burn it only picks the worker pool; the price is the caption-burn rate.
             * @default oracle
             * @enum {string}
             */
            profile?: "oracle" | "oracle-mini" | "oracle-pro" | "oracle-max" | "base-whisper" | "base";
            /**
             * @default transcription
             * @enum {string}
             */
            type?: "transcription" | "caption_burn";
            workspace_id?: string;
        };
        CreatePersonalAccessTokenRequest: {
            /**
             * Format: date-time
             * @description Expire at this custom date (in the future, within ten years).
             */
            expires_at?: string;
            /** @description Expire after 7, 30 or 90 days. Omit both expiry fields for a token that never expires. */
            expires_in_days?: 7 | 30 | 90;
            name: string;
            /** @enum {string} */
            preset?: "read-only" | "automation" | "full";
            scopes?: ("files:read" | "files:write" | "jobs:read" | "jobs:write" | "transcripts:read" | "transcripts:write" | "ai:use" | "shares:read" | "shares:write" | "devices:read" | "devices:write" | "account:read" | "account:write" | "billing:read")[];
        };
        CreateShareRequest: {
            /**
             * @description Who may open the link: `everyone` who has it.
             * @enum {string}
             */
            access_scope: "everyone";
            /** @description A transcript artifact of yours. */
            artifact_id: string;
            /**
             * Format: date-time
             * @description When the link stops working; null: never.
             * @default null
             */
            expires_at?: string | null;
            /**
             * @description What is shared: `transcript`.
             * @enum {string}
             */
            share_kind: "transcript";
            /**
             * @description Pin one version; null (default): follow the current version, edits included.
             * @default null
             */
            target_version_id?: string | null;
            /** @description Title on the page; default: the artifact’s title. */
            title?: string;
        };
        CreditGrant: {
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            amount_credits: number;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            expired: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            expires_at: string | null;
            grant_id: string;
            reason: string;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            remaining_credits: number;
        };
        DeviceProgressRequest: {
            /** @description Percent done, 0 to 100. A lower value than the last one keeps the last one. */
            progress: number;
        };
        DeviceSession: {
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            /** @description True for the session making the request. */
            current: boolean;
            device_id: string;
            device_name: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            last_seen_at: string;
            user_agent: string;
        };
        DeviceTranscriptRequest: {
            /** @description The canonical transcript (version 1, `/schemas/transcript.v1.json`) of the job’s media; no time may lie past the media’s end. Its `source` is set to the job, its media and profile. */
            transcript: {
                /** @description Length of the media. Seconds; millisecond precision (finer digits are rounded away by the canonical form). */
                duration: number;
                /** @description BCP-47 language tag (`en`, `pt-BR`; `und` when unknown). */
                language: string;
                /** @description Ordered by start, not overlapping; may be empty. */
                segments: components["schemas"]["TranscriptSegment"][];
                source: components["schemas"]["TranscriptSource"];
                speakers: components["schemas"]["TranscriptSpeaker"][];
                translation: components["schemas"]["TranscriptTranslation"];
                /** @enum {number} */
                version: 1;
            };
        };
        DownloadUrl: {
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            expires_at: string;
            ttl_seconds: number;
            url: string;
        };
        /** @description `admin_required`: This operation requires operator credentials. */
        Error_admin_required: {
            detail: {
                /** @constant */
                code: "admin_required";
                message: string;
            };
        };
        /** @description `ai_upstream_not_configured`: No AI provider is configured on this deployment (AI_UPSTREAM_URL). */
        Error_ai_upstream_not_configured: {
            detail: {
                /** @constant */
                code: "ai_upstream_not_configured";
                message: string;
            };
        };
        /** @description `app_unavailable`: The web app is unavailable; retry later. */
        Error_app_unavailable: {
            detail: {
                /** @constant */
                code: "app_unavailable";
                message: string;
            };
        };
        /** @description `artifact_not_editable`: Versions of this artifact are produced by jobs, not written by clients. */
        Error_artifact_not_editable: {
            detail: {
                /** @constant */
                code: "artifact_not_editable";
                message: string;
            };
        };
        /** @description `bad_request`: The request is malformed. */
        Error_bad_request: {
            detail: {
                /** @constant */
                code: "bad_request";
                message: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `caller_grant_invalid`: The call needs a valid job grant from jobs. */
        Error_caller_grant_invalid: {
            detail: {
                /** @constant */
                code: "caller_grant_invalid";
                message: string;
            };
        };
        /** @description `caller_grant_mismatch`: The request names what its job grant does not. */
        Error_caller_grant_mismatch: {
            detail: {
                /** @constant */
                code: "caller_grant_mismatch";
                message: string;
            };
        };
        /** @description `caller_not_allowed`: The calling service may not call this method. */
        Error_caller_not_allowed: {
            detail: {
                /** @constant */
                code: "caller_not_allowed";
                message: string;
            };
        };
        /** @description `caller_unauthenticated`: The call carries no valid service token. */
        Error_caller_unauthenticated: {
            detail: {
                /** @constant */
                code: "caller_unauthenticated";
                message: string;
            };
        };
        /** @description `caller_user_mismatch`: The request names another user than the one the call acts for. */
        Error_caller_user_mismatch: {
            detail: {
                /** @constant */
                code: "caller_user_mismatch";
                message: string;
            };
        };
        /** @description `clip_too_long`: The clip is longer than fast transcription accepts; submit it as a job instead. */
        Error_clip_too_long: {
            detail: {
                /** @constant */
                code: "clip_too_long";
                /** @description The longest clip accepted, in seconds. */
                max_seconds?: number;
                message: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `conflict`: The resource conflicts with an existing one. */
        Error_conflict: {
            detail: {
                /** @constant */
                code: "conflict";
                message: string;
            };
        };
        /** @description `engine_failed`: The speech engine failed while transcribing the clip; nothing was charged. */
        Error_engine_failed: {
            detail: {
                /** @constant */
                code: "engine_failed";
                message: string;
            };
        };
        /** @description `feature_required`: Your account has not been granted the feature this request needs. */
        Error_feature_required: {
            detail: {
                /** @constant */
                code: "feature_required";
                /** @description The feature the account lacks. */
                feature_key?: string;
                message: string;
            };
        };
        /** @description `file_too_large`: The file is larger than fast transcription accepts. */
        Error_file_too_large: {
            detail: {
                /** @constant */
                code: "file_too_large";
                message: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `idempotency_conflict`: The Idempotency-Key was already used with a different request. */
        Error_idempotency_conflict: {
            detail: {
                /** @constant */
                code: "idempotency_conflict";
                message: string;
            };
        };
        /** @description `idempotency_replay_secret_unavailable`: This Idempotency-Key created what the details name; its secret was shown once and is not kept. */
        Error_idempotency_replay_secret_unavailable: {
            detail: {
                /** @constant */
                code: "idempotency_replay_secret_unavailable";
                message: string;
            };
        };
        /** @description `insufficient_credits`: The credit balance is too low for this request. */
        Error_insufficient_credits: {
            detail: {
                available_credits?: number;
                /** @constant */
                code: "insufficient_credits";
                message: string;
                required_credits?: number;
            };
        };
        /** @description `insufficient_scope`: The access token lacks the required scope. */
        Error_insufficient_scope: {
            detail: {
                /** @constant */
                code: "insufficient_scope";
                message: string;
                /** @description The scope the token lacks. */
                required_scope: string;
            };
        };
        /** @description `internal_error`: An internal error occurred. */
        Error_internal_error: {
            detail: {
                /** @constant */
                code: "internal_error";
                message: string;
            };
        };
        /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
        Error_invalid_api_key: {
            detail: {
                /** @constant */
                code: "invalid_api_key";
                message: string;
            };
        };
        /** @description `invalid_credentials`: The email or password is incorrect. */
        Error_invalid_credentials: {
            detail: {
                /** @constant */
                code: "invalid_credentials";
                message: string;
            };
        };
        /** @description `invalid_finalize_token`: The finalize token does not belong to this media. */
        Error_invalid_finalize_token: {
            detail: {
                /** @constant */
                code: "invalid_finalize_token";
                message: string;
            };
        };
        /** @description `job_has_no_transcript`: This job burns captions into a video: its output is a media_export artifact, not a transcript to export. */
        Error_job_has_no_transcript: {
            detail: {
                /** @description The media_export artifact of the job. */
                artifact_id?: string;
                /** @constant */
                code: "job_has_no_transcript";
                message: string;
            };
        };
        /** @description `job_is_batch`: A batch job has no transcript of its own; export its items. */
        Error_job_is_batch: {
            detail: {
                /** @constant */
                code: "job_is_batch";
                message: string;
            };
        };
        /** @description `job_not_cancellable`: The job has already ended and cannot be cancelled. */
        Error_job_not_cancellable: {
            detail: {
                /** @constant */
                code: "job_not_cancellable";
                message: string;
            };
        };
        /** @description `job_not_completed`: The job has not succeeded, so there is nothing to export yet. */
        Error_job_not_completed: {
            detail: {
                /** @constant */
                code: "job_not_completed";
                message: string;
            };
        };
        /** @description `job_not_queued`: Only queued jobs can be moved in the queue. */
        Error_job_not_queued: {
            detail: {
                /** @constant */
                code: "job_not_queued";
                message: string;
            };
        };
        /** @description `job_not_running`: The job has already ended; it takes no more progress or transcripts. */
        Error_job_not_running: {
            detail: {
                /** @constant */
                code: "job_not_running";
                message: string;
            };
        };
        /** @description `job_options_unreadable`: The job's options could not be read. */
        Error_job_options_unreadable: {
            detail: {
                /** @constant */
                code: "job_options_unreadable";
                message: string;
            };
        };
        /** @description `live_runs_on_device`: The live route of this model runs on the device. */
        Error_live_runs_on_device: {
            detail: {
                /** @description The cloud model to use here instead. */
                cloud_fallback: string;
                /** @constant */
                code: "live_runs_on_device";
                message: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `media_empty`: The uploaded file is empty. */
        Error_media_empty: {
            detail: {
                /** @constant */
                code: "media_empty";
                /** @description The media the error is about. */
                media_id?: string;
                message: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `media_no_audio`: The uploaded file has no audio stream. */
        Error_media_no_audio: {
            detail: {
                /** @constant */
                code: "media_no_audio";
                /** @description The media the error is about. */
                media_id?: string;
                message: string;
            };
        };
        /** @description `media_not_ready`: The media is not verified yet. */
        Error_media_not_ready: {
            detail: {
                /** @constant */
                code: "media_not_ready";
                /** @description The media the error is about. */
                media_id?: string;
                media_status?: string;
                message: string;
            };
        };
        /** @description `media_too_large`: The file is larger than the largest upload accepted. */
        Error_media_too_large: {
            detail: {
                /** @constant */
                code: "media_too_large";
                /** @description The largest size accepted, in bytes. */
                max_size_bytes?: number;
                message: string;
            };
        };
        /** @description `media_unplayable`: The uploaded file is not playable audio or video. */
        Error_media_unplayable: {
            detail: {
                /** @constant */
                code: "media_unplayable";
                /** @description The media the error is about. */
                media_id?: string;
                message: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `method_not_allowed`: The method is not allowed on this endpoint. */
        Error_method_not_allowed: {
            detail: {
                /** @constant */
                code: "method_not_allowed";
                message: string;
            };
        };
        /** @description `no_download`: This version has no file to download. */
        Error_no_download: {
            detail: {
                /** @constant */
                code: "no_download";
                message: string;
            };
        };
        /** @description `not_client_local`: The job runs in the cloud; only a client-local job takes progress and transcripts from a device. */
        Error_not_client_local: {
            detail: {
                /** @constant */
                code: "not_client_local";
                message: string;
            };
        };
        /** @description `not_found`: The resource was not found. */
        Error_not_found: {
            detail: {
                artifact_id?: string;
                /** @constant */
                code: "not_found";
                /** @description The media the error is about. */
                media_id?: string;
                message: string;
            };
        };
        /** @description `pat_route_not_allowed`: Personal access tokens cannot call this endpoint; sign in to the app instead. */
        Error_pat_route_not_allowed: {
            detail: {
                /** @constant */
                code: "pat_route_not_allowed";
                message: string;
            };
        };
        /** @description `payload_too_large`: The request body is too large. */
        Error_payload_too_large: {
            detail: {
                /** @constant */
                code: "payload_too_large";
                message: string;
            };
        };
        /** @description `profile_unavailable`: The engine of this profile is not installed in this deployment. */
        Error_profile_unavailable: {
            detail: {
                /** @constant */
                code: "profile_unavailable";
                message: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `rate_limited`: Too many requests. */
        Error_rate_limited: {
            detail: {
                /** @constant */
                code: "rate_limited";
                message: string;
                /** @description The policy that refused the request. */
                policy: string;
                /** @description As `Retry-After`. */
                retry_after_seconds: number;
            };
        };
        /** @description `remote_fetch_failed`: The file at the URL could not be fetched. */
        Error_remote_fetch_failed: {
            detail: {
                /** @constant */
                code: "remote_fetch_failed";
                message: string;
            };
        };
        /** @description `route_not_found`: No such endpoint. */
        Error_route_not_found: {
            detail: {
                /** @constant */
                code: "route_not_found";
                message: string;
            };
        };
        /** @description `service_unavailable`: A backend service is unavailable; retry later. */
        Error_service_unavailable: {
            detail: {
                /** @constant */
                code: "service_unavailable";
                message: string;
                /** @description As `Retry-After`. */
                retry_after_seconds: number;
            };
        };
        /** @description `storage_key_not_allowed`: Only objects inside your own storage prefix can be registered. */
        Error_storage_key_not_allowed: {
            detail: {
                /** @constant */
                code: "storage_key_not_allowed";
                message: string;
            };
        };
        /** @description `storage_quota_exceeded`: The storage quota is used up; delete media to make room. */
        Error_storage_quota_exceeded: {
            detail: {
                /** @constant */
                code: "storage_quota_exceeded";
                message: string;
                quota_bytes?: number;
                used_bytes?: number;
            };
        };
        /** @description `storage_unavailable`: The object store did not accept the request; retry later. */
        Error_storage_unavailable: {
            detail: {
                /** @constant */
                code: "storage_unavailable";
                message: string;
            };
        };
        /** @description `translation_failed`: The translation of the clip failed; nothing was charged. Retry, or leave target_language out. */
        Error_translation_failed: {
            detail: {
                /** @constant */
                code: "translation_failed";
                message: string;
            };
        };
        /** @description `unsupported_media_type`: The request content type is not supported. */
        Error_unsupported_media_type: {
            detail: {
                /** @constant */
                code: "unsupported_media_type";
                message: string;
            };
        };
        /** @description `unsupported_option`: An option of the request is not supported yet. */
        Error_unsupported_option: {
            detail: {
                /** @constant */
                code: "unsupported_option";
                /** @description The languages the profile transcribes. */
                languages?: string[];
                message: string;
                /** @description The option that cannot be served. */
                option?: string;
                /** @description The languages a translation may go to. */
                targets?: string[];
            };
        };
        /** @description `upload_incomplete`: The file has not been uploaded to the upload URL yet. */
        Error_upload_incomplete: {
            detail: {
                /** @constant */
                code: "upload_incomplete";
                /** @description The media the error is about. */
                media_id?: string;
                message: string;
            };
        };
        /** @description `upload_session_expired`: The upload session has expired; create a new one. */
        Error_upload_session_expired: {
            detail: {
                /** @constant */
                code: "upload_session_expired";
                /** @description The media the error is about. */
                media_id?: string;
                message: string;
            };
        };
        /** @description `upstream_error`: The AI provider failed to answer; nothing was charged. Retry later. */
        Error_upstream_error: {
            detail: {
                /** @constant */
                code: "upstream_error";
                message: string;
            };
        };
        /** @description `upstream_timeout`: A backend service did not answer in time. */
        Error_upstream_timeout: {
            detail: {
                /** @constant */
                code: "upstream_timeout";
                message: string;
            };
        };
        /** @description `url_not_allowed`: The URL is not allowed: only http(s) URLs of public hosts are. */
        Error_url_not_allowed: {
            detail: {
                /** @constant */
                code: "url_not_allowed";
                message: string;
            };
        };
        /** @description `validation_error`: The request is invalid. */
        Error_validation_error: {
            detail: {
                /** @constant */
                code: "validation_error";
                message: string;
                /** @description The option at fault. */
                option?: string;
                /** @description The request field at fault. */
                param?: string;
            };
        };
        /** @description `verification_unfinished`: The media is stored but its verification has not finished yet; poll GET /api/v1/media/{media_id}. */
        Error_verification_unfinished: {
            detail: {
                /** @constant */
                code: "verification_unfinished";
                /** @description The media the error is about. */
                media_id: string;
                message: string;
                /** @description As `Retry-After`. */
                retry_after_seconds: number;
                verification_id: string;
            };
        };
        /** @description `version_conflict`: The artifact changed since base_version_id; reload it and apply your edit again. */
        Error_version_conflict: {
            detail: {
                /** @constant */
                code: "version_conflict";
                message: string;
            };
        };
        /** @description Every error except validation errors: a stable code, a message, and the fields of the code. */
        ErrorResponse: {
            detail: {
                /** @enum {unknown} */
                code: "bad_request" | "live_runs_on_device" | "media_empty" | "media_unplayable" | "media_no_audio" | "profile_unavailable" | "unsupported_option" | "invalid_api_key" | "invalid_credentials" | "insufficient_credits" | "insufficient_scope" | "pat_route_not_allowed" | "invalid_finalize_token" | "storage_key_not_allowed" | "storage_quota_exceeded" | "feature_required" | "admin_required" | "not_found" | "route_not_found" | "method_not_allowed" | "conflict" | "upload_incomplete" | "media_not_ready" | "version_conflict" | "artifact_not_editable" | "no_download" | "job_not_completed" | "job_not_cancellable" | "job_not_queued" | "not_client_local" | "job_not_running" | "job_is_batch" | "job_has_no_transcript" | "idempotency_conflict" | "idempotency_replay_secret_unavailable" | "upload_session_expired" | "payload_too_large" | "file_too_large" | "media_too_large" | "unsupported_media_type" | "validation_error" | "clip_too_long" | "url_not_allowed" | "remote_fetch_failed" | "rate_limited" | "internal_error" | "job_options_unreadable" | "caller_unauthenticated" | "caller_not_allowed" | "caller_user_mismatch" | "caller_grant_invalid" | "caller_grant_mismatch" | "storage_unavailable" | "engine_failed" | "translation_failed" | "upstream_error" | "ai_upstream_not_configured" | "app_unavailable" | "verification_unfinished" | "service_unavailable" | "upstream_timeout";
                message: string;
            } & {
                [key: string]: unknown;
            };
        };
        Feature: {
            description: string;
            enabled: boolean;
            feature_key: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            granted_at: string | null;
        };
        FinalizeRequest: {
            finalize_token: string;
            media_id: string;
        };
        FormatRequest: {
            /**
             * @description Output format: `text`, `json`, `srt` or `vtt`.
             * @enum {string}
             */
            format: "text" | "json" | "srt" | "vtt";
            /**
             * @description Colour of the highlighted word in karaoke mode (srt, vtt).
             * @default yellow
             */
            highlight_color?: string;
            /**
             * @description Karaoke: one subtitle per word, the current word highlighted (srt, vtt).
             * @default false
             */
            highlight_words?: boolean;
            /**
             * @description Speaker names before the text (text, srt, vtt).
             * @default true
             */
            include_speakers?: boolean;
            /**
             * @description Start time before each paragraph (text).
             * @default false
             */
            include_timestamps?: boolean;
            /**
             * @description Word timings (json).
             * @default true
             */
            include_word_timestamps?: boolean;
            /**
             * @description Longest subtitle entry in characters (srt, vtt); cues split at word boundaries, never longer. 10 to 500.
             * @default 80
             */
            max_chars_per_entry?: number;
            /**
             * @description Indented JSON (json).
             * @default true
             */
            pretty?: boolean;
            /**
             * @description Which text the file shows (all formats): `source`, the transcript as spoken, or `translation`, the translation (of a job created with `options.target_language`) wherever a segment has one, speakers included; segments the translation leaves out keep their source text. In json the translated segments have no word timings, `language` is the translation’s and `translation` holds the replaced source text. `translation` of a transcript without a translation is 422, and so is `translation` with `highlight_words` in srt and vtt (a translation has no word timings to highlight).
             * @default source
             * @enum {string}
             */
            text?: "source" | "translation";
            /** @description Download file name stem; default `transcript`. */
            title?: string;
            transcript: components["schemas"]["Transcript"];
        };
        HTTPValidationError: {
            detail: components["schemas"]["ValidationError"][];
        };
        Job: {
            artifact_ids: string[];
            attempts: number;
            /** @description Once succeeded, the seconds billed: of audio transcribed for a transcription, of output video written for a caption_burn. */
            billed_seconds: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            credits_charged: number;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            credits_reserved: number;
            /** @description The speech engine that serves the profile. */
            engine: string;
            /** @description Why the job failed (or was cancelled by the service). */
            error: {
                code: string;
                message: string;
            } | null;
            /**
             * @description `cloud`: a worker runs the job. `client_local`: your own device runs it and reports through `POST /api/v1/jobs/{job_id}/progress` and `POST /api/v1/jobs/{job_id}/transcript`.
             * @enum {string}
             */
            execution_mode: "cloud" | "client_local";
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            finished_at: string | null;
            input: {
                media_id: string;
                /** @enum {string} */
                type: "media_ref";
            } | {
                item_count: number;
                /** @enum {string} */
                type: "batch";
            };
            job_id: string;
            /** @description The language of the transcript, once succeeded: the one asked for, detected or assumed. */
            language: string | null;
            /** @description Once succeeded: true when `language` was detected (`language: 'auto'` on an engine that detects it); false when it was given, or assumed by an engine that transcribes one language (`capabilities.language_detection`). */
            language_detected: boolean | null;
            /** @description What the credit hold was computed from (at the profile’s rate; a caption_burn at the caption-burn rate, whatever the profile). */
            media_duration_seconds: number;
            options: {
                [key: string]: unknown;
            };
            /** @description The batch job this job is an item of. */
            parent_job_id: string | null;
            profile: string;
            /** @description 0 to 100. */
            progress: number;
            /** @description Position among all queued jobs of the same worker pool (1 = next); null unless queued. */
            queue_position: number | null;
            /**
             * @description Why a queued job waits: `concurrency_limit` (you already run as many jobs as your plan’s `max_concurrent_jobs`, counting your jobs ahead of it; it starts when one of them ends), `waiting_for_worker` (its turn at a free worker) or `waiting_for_device` (a client-local job, until your device reports on it). Null unless queued.
             * @enum {string|null}
             */
            queue_reason: "concurrency_limit" | "waiting_for_worker" | "waiting_for_device" | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            started_at: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            /** @description The media's file name. */
            title: string;
            /** @enum {string} */
            type: "transcription" | "caption_burn";
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            updated_at: string;
            workspace_id: string | null;
        };
        /**
         * @default {
         *       "language": "auto",
         *       "target_language": null,
         *       "diarization": null,
         *       "channel_speaker_separation": false,
         *       "caption_burn": null
         *     }
         */
        JobOptions: {
            /**
             * @description For type `caption_burn` only: the transcript to burn and the style of the captions; null or omitted: the newest transcript of the media and every default. The job shows it with every field filled in and the transcript version it burns pinned (`transcript_artifact_id`, `transcript_version_id`).
             * @default null
             */
            caption_burn?: {
                /**
                 * @description Where the captions sit on the frame.
                 * @default bottom_center
                 * @enum {string}
                 */
                alignment?: "bottom_left" | "bottom_center" | "bottom_right" | "middle_left" | "middle_center" | "middle_right" | "top_left" | "top_center" | "top_right";
                /**
                 * @description A box behind each line, or null for none. Given as a colour `#RRGGBB` or `#RRGGBBAA` (AA: opacity, `FF` opaque); e.g. `#00000080`.
                 * @default null
                 */
                background_color?: string | null;
                /**
                 * @description Bold text.
                 * @default false
                 */
                bold?: boolean;
                /**
                 * @description The background generated for audio-only media (1280x720, 30 fps). Given as a colour `#RRGGBB` or `#RRGGBBAA` (AA: opacity, `FF` opaque).
                 * @default #000000
                 */
                canvas_color?: string;
                /**
                 * @description The font, among those installed for rendering.
                 * @default DejaVu Sans
                 * @enum {string}
                 */
                font_family?: "DejaVu Sans" | "DejaVu Serif" | "DejaVu Sans Mono";
                /**
                 * @description Font size in pixels of the video’s own resolution.
                 * @default 48
                 */
                font_size?: number;
                /**
                 * @description The colour of the word being spoken when karaoke is on. Given as a colour `#RRGGBB` or `#RRGGBBAA` (AA: opacity, `FF` opaque).
                 * @default #FFFF00
                 */
                highlight_color?: string;
                /**
                 * @description Highlight each word while it is spoken.
                 * @default false
                 */
                karaoke?: boolean;
                /**
                 * @description Distance in pixels from the left and right edges.
                 * @default 48
                 */
                margin_x?: number;
                /**
                 * @description Distance in pixels from the top or bottom edge (unused for middle alignments).
                 * @default 48
                 */
                margin_y?: number;
                /**
                 * @description Most characters on one caption line; lines break between words.
                 * @default 42
                 */
                max_chars_per_line?: number;
                /**
                 * @description Most lines shown at once.
                 * @default 2
                 */
                max_lines_per_cue?: number;
                /**
                 * @description The colour of the outline around the letters. Given as a colour `#RRGGBB` or `#RRGGBBAA` (AA: opacity, `FF` opaque).
                 * @default #000000
                 */
                outline_color?: string;
                /**
                 * @description Outline width in pixels (0: none); with background_color, the padding of the box instead.
                 * @default 3
                 */
                outline_width?: number;
                /**
                 * @description The text colour. Given as a colour `#RRGGBB` or `#RRGGBBAA` (AA: opacity, `FF` opaque).
                 * @default #FFFFFF
                 */
                primary_color?: string;
                /**
                 * @description The transcript artifact whose captions are burnt; null: the newest transcript of the job’s media.
                 * @default null
                 */
                transcript_artifact_id?: string | null;
                /**
                 * @description A version of that artifact; null: its current version.
                 * @default null
                 */
                transcript_version_id?: string | null;
            } | null;
            /**
             * @description One speaker per audio channel; cannot be combined with diarization. Where `capabilities.channel_speaker_separation` of the profile is true.
             * @default false
             */
            channel_speaker_separation?: boolean;
            /**
             * @description Speaker diarization; null: none. Where `capabilities.diarization` of the profile (`GET /api/v1/models`) is true.
             * @default null
             */
            diarization?: {
                /**
                 * @description Name speakers from the transcript where they introduce themselves or are addressed ("my name is Dana", "thanks, Dana"); the others are `Speaker 1`, `Speaker 2`, ….
                 * @default false
                 */
                auto_speaker_names?: boolean;
                /**
                 * @default regular
                 * @enum {string}
                 */
                mode?: "regular";
                /**
                 * @description How many people speak (1 to 10); null: the count is estimated.
                 * @default null
                 */
                num_speakers?: number | null;
            } | null;
            /**
             * @description `auto` or an ISO 639-1 code (`en`).
             * @default auto
             */
            language?: string;
            /**
             * @description Translate the transcript to this language; null: no translation. Where `capabilities.translation` of the profile (`GET /api/v1/models`) is true.
             * @default null
             */
            target_language?: string | null;
        };
        JobQueue: {
            /** @description Your running jobs (oldest start first), then your queued jobs in the order workers take them. */
            jobs: components["schemas"]["Job"][];
            limit: number;
            offset: number;
            total_queued: number;
            total_running: number;
        };
        LedgerEntry: {
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            available_after_credits: number;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            available_delta_credits: number;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            description: string;
            entry_id: string;
            /** @enum {string} */
            kind: "grant" | "reservation" | "release" | "settlement" | "charge" | "expiry" | "adjustment";
            /** @description What caused the entry: a job, a usage or a grant id. */
            reference: string;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            reserved_after_credits: number;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            reserved_delta_credits: number;
        };
        MediaAsset: {
            container_format: string | null;
            content_type: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            /** @description Set once verified. */
            duration_seconds: number | null;
            failure: {
                code: string;
                message: string;
            } | null;
            file_name: string;
            media_id: string;
            size_bytes: number;
            /** @enum {string} */
            source: "upload_session" | "direct_upload" | "register" | "upload_form" | "url_import";
            /** @enum {string} */
            status: "awaiting_upload" | "verifying" | "ready" | "failed" | "expired";
            streams: components["schemas"]["MediaStream"][];
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            verified_at: string | null;
            workspace_id: string | null;
        };
        MediaStream: {
            channels: number | null;
            codec: string;
            duration_seconds: number | null;
            height: number | null;
            index: number;
            sample_rate: number | null;
            /** @description `audio`, `video`, `subtitle` or `data`. */
            type: string;
            width: number | null;
        };
        MediaUploadForm: {
            /** @description Defaults to the file part's type, or the one its extension implies. */
            content_type?: string;
            /**
             * Format: binary
             * @description The media file; send it after the other fields.
             */
            file: string;
            /** @description Defaults to the file part's file name. */
            file_name?: string;
            workspace_id?: string;
        };
        /** @description Verification is still running. After retry_after_seconds, repeat `POST /api/v1/media/complete` (same finalize token), or, for register and upload, read `GET /api/v1/media/{media_id}`. */
        MediaVerificationPending: {
            media_id: string;
            retry_after_seconds: number;
            /** @enum {string} */
            status: "verification_pending";
            verification_id: string;
        };
        PersonalAccessToken: {
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            /** @description First characters of the token, for recognising it. */
            display_prefix: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            last_used_at: string | null;
            name: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            revoked_at: string | null;
            scopes: ("files:read" | "files:write" | "jobs:read" | "jobs:write" | "transcripts:read" | "transcripts:write" | "ai:use" | "shares:read" | "shares:write" | "devices:read" | "devices:write" | "account:read" | "account:write" | "billing:read")[];
            token_id: string;
        };
        PrincipalBalance: {
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            as_of: string;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            available_credits: number;
            available_usd: number;
            principal_id: string;
            /** @enum {string} */
            principal_type: "user" | "workspace";
            /** @description Held for queued and running jobs. */
            reserved_credits: number;
            reserved_usd: number;
            /** @description Credits (1 credit = US$1.20), exact to the micro-credit. */
            total_credits: number;
            total_usd: number;
        };
        ProductJob: {
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string | null;
            error: {
                code: string;
                message: string;
            } | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            finished_at: string | null;
            jobId: string;
            /** @description As asked: `auto` or a language code. */
            language: string;
            model: string;
            /** @enum {string} */
            output_format: "json" | "srt" | "txt";
            progress: number;
            /** @description Set once COMPLETED. */
            result: {
                duration_seconds: number;
                language: string;
                output: {
                    content: string;
                    content_type: string;
                    /** @enum {string} */
                    format: "json" | "srt" | "txt";
                };
                segments: {
                    end: number;
                    speaker: string | null;
                    start: number;
                    text: string;
                }[];
                text: string;
                translation: {
                    language: string;
                    text: string;
                } | null;
            } | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            started_at: string | null;
            /** @enum {string} */
            status: "PENDING" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | "CANCELLED";
        };
        ProductUploadedFile: {
            /** @description A read URL of the file (24 hours): the `audio_url` of `POST /transcribe`, for its owner only. */
            fileUrl: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            fileUrlExpiresAt: string;
            mediaId: string;
            /**
             * @description `awaiting_upload` until the bytes are posted to the signed form; `verifying` while ffprobe runs; `ready`. A file that is not playable audio or video is refused at the latest when a job is started on it.
             * @enum {string}
             */
            status: "awaiting_upload" | "verifying" | "ready";
            /** @description The signed form (S3 POST policy, 60 minutes), when no bytes were sent. */
            upload?: {
                /**
                 * Format: date-time
                 * @description RFC 3339 timestamp.
                 */
                expires_at: string;
                /** @description Post every field first, then `file` last. */
                fields: {
                    [key: string]: string;
                };
                max_size_bytes: number;
                /** @enum {string} */
                method: "POST";
                url: string;
            };
        };
        ProductUploadForm: {
            /** @description Defaults to the file part's Content-Type. */
            content_type?: string;
            /**
             * Format: binary
             * @description The file (up to 100 MiB); after the other fields.
             */
            file: string;
            /** @description Defaults to the file part's filename. */
            file_name?: string;
        };
        ProductUploadRequest: {
            /** @description The media type, e.g. `audio/mpeg`. */
            content_type: string;
            /** @description The file inline, base64 (up to 4 MiB decoded; more → 413 media_too_large). Without it the answer is a signed form to post the bytes to. */
            data_base64?: string;
            /** @description The file name, e.g. `call.mp3`. */
            file_name: string;
        };
        RegisterMediaRequest: {
            content_type?: string;
            file_name?: string;
            /** @description Key of an existing object inside your own storage prefix (`users/<user_id>/`). */
            storage_key: string;
            workspace_id?: string;
        };
        ReorderJobQueueRequest: {
            /**
             * @description Another queued job of yours to move in front of; null: behind all your queued jobs.
             * @default null
             */
            before_job_id?: string | null;
            /** @description A queued job of yours. */
            job_id: string;
        };
        RevokeAllDeviceSessionsRequest: {
            /**
             * @description Keep the calling app session signed in (ignored for tokens).
             * @default true
             */
            keep_current?: boolean;
        };
        RevokedDeviceSessions: {
            revoked_device_ids: string[];
        };
        RevokeDeviceSessionRequest: Record<string, never>;
        Share: {
            /** @enum {string} */
            access_scope: "everyone";
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            last_opened_at: string | null;
            /** @description Times the link was opened (page, JSON or download). */
            open_count: number;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            revoked_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            rotated_at: string | null;
            share_id: string;
            /** @enum {string} */
            share_kind: "transcript";
            /** @description The public link. Only a hash of its secret is stored, so it is returned once: when the share is created or rotated; null otherwise. */
            share_url: string | null;
            /**
             * @description `taken_down`: its artifact or media was deleted.
             * @enum {string}
             */
            status: "active" | "revoked" | "expired" | "taken_down";
            /** @description The shared artifact. */
            target_id: string;
            /** @description The pinned version; null: the link follows the artifact’s current version. */
            target_version_id: string | null;
            title: string;
            /** @description First characters of the link’s secret, to tell links apart. */
            token_hint: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            updated_at: string;
        };
        SignInRequest: {
            device_name?: string;
            /** Format: email */
            email: string;
            password: string;
        };
        TranscribeRequest: {
            /** @description The `fileUrl` of `POST /upload` (yours), or a public http(s) URL the platform fetches (up to 100 MiB). */
            audio_url: string;
            /**
             * @description One speaker per channel; not with include_diarization.
             * @default false
             */
            channel_speaker_separation?: boolean;
            /** @default false */
            include_diarization?: boolean;
            /**
             * @description `auto` or an ISO 639-1 code.
             * @default auto
             */
            language?: string;
            /**
             * @description A profile of `GET /api/v1/models`.
             * @default base
             * @enum {string}
             */
            model?: "oracle" | "oracle-mini" | "oracle-pro" | "oracle-max" | "base-whisper" | "base";
            /**
             * @default json
             * @enum {string}
             */
            output_format?: "json" | "srt" | "txt";
            /**
             * @description Translate to this ISO 639-1 language.
             * @default null
             */
            translate_to?: string | null;
            /** @description Signs the deliveries (HMAC-SHA256); required with webhook_url. A `whsec_` secret also gets Standard Webhooks headers. */
            webhook_secret?: string;
            /** @description Receives the signed delivery when the job ends; a public http(s) URL (private addresses: 422). */
            webhook_url?: string;
        };
        /** @description The canonical transcript (version 1): language, duration, speakers, timed segments with words, an optional translation and where it came from. Rules beyond this schema: Times are seconds; they are compared after rounding to the millisecond. Every segment and word has end >= start. Segments are ordered by start and do not overlap: each starts at or after the end of the previous one. Words lie inside their segment [start, end], ordered and not overlapping (a word starts at or after the end of the previous word). No time exceeds duration by more than 1 ms. Speaker ids are unique; segment ids are unique. A segment or word speaker is null or the id of a declared speaker. A speaker has a name_source only when it has a name. Translation segment ids are unique, name existing segments, and follow the order of the segments. Text is trimmed and NFC-normalized; empty text is refused. */
        Transcript: {
            /** @description Length of the media. Seconds; millisecond precision (finer digits are rounded away by the canonical form). */
            duration: number;
            /** @description BCP-47 language tag (`en`, `pt-BR`; `und` when unknown). */
            language: string;
            /** @description Ordered by start, not overlapping; may be empty. */
            segments: components["schemas"]["TranscriptSegment"][];
            source: components["schemas"]["TranscriptSource"];
            speakers: components["schemas"]["TranscriptSpeaker"][];
            translation: components["schemas"]["TranscriptTranslation"];
            /** @enum {number} */
            version: 1;
        };
        TranscriptionModel: {
            /** @description This deployment runs the profile. Public profiles are listed even when it does not; a job of an unavailable profile is 400 `profile_unavailable`. */
            available: boolean;
            capabilities: components["schemas"]["TranscriptionModelCapabilities"];
            /** @description Price per hour of audio, billed per second. */
            credits_per_hour: number;
            description: string;
            display_name: string;
            /** @description How you may run jobs of the profile here (`execution_mode` of `POST /api/v1/jobs`): `cloud`, and `client_local` (your own device runs it; only with the feature `jobs.client_local`). Empty when the profile is unavailable. */
            execution_modes: ("cloud" | "client_local")[];
            /** @description Profile codename, used as `profile` of a job. */
            id: string;
            live: {
                cloud_fallback: string | null;
                /** @enum {string} */
                route: "cloud" | "device";
            };
            /** @enum {string} */
            object: "model";
            /** @enum {string} */
            visibility: "public" | "internal";
        };
        /** @description What a job of the profile may ask for in this deployment. `POST /api/v1/jobs` accepts exactly this: an option whose flag is false, or a language or target not listed, is a 422 of type `unsupported_option` naming the option. */
        TranscriptionModelCapabilities: {
            /** @description A job of type `caption_burn` may use the profile. */
            caption_burn: boolean;
            /** @description A job may ask for `options.channel_speaker_separation`. */
            channel_speaker_separation: boolean;
            /** @description A job may ask for `options.diarization`. */
            diarization: boolean;
            /** @description `language: 'auto'` detects the spoken language. False: the engine transcribes its one language and the job reports it as assumed (`language_detected: false`), never as a detection. */
            language_detection: boolean;
            /** @description ISO 639-1 codes `options.language` may name besides `auto`; empty when the profile is unavailable. */
            languages: string[];
            /** @description A job may ask for `options.target_language`. */
            translation: boolean;
            /** @description ISO 639-1 codes `options.target_language` (and `translate_to` of `POST /transcribe`) may name; empty when `translation` is false. Translation is included in the price. */
            translation_targets: string[];
            /** @description The transcript times every word (JSON export `words`). */
            word_timestamps: boolean;
        };
        TranscriptSegment: {
            /** @description End of the segment; not before start. Seconds; millisecond precision (finer digits are rounded away by the canonical form). */
            end: number;
            /** @description Segment id, e.g. `s1`: letters, digits and `_ . : -`, starting with a letter or digit. */
            id: string;
            /** @description Id of a declared speaker, or null when unattributed. */
            speaker: string | null;
            /** @description Start of the segment. Seconds; millisecond precision (finer digits are rounded away by the canonical form). */
            start: number;
            /** @description The text of the segment. */
            text: string;
            /** @description Word timings, ordered and not overlapping, inside the segment; may be empty. */
            words: components["schemas"]["TranscriptWord"][];
        };
        TranscriptSource: {
            /** @description The recognizer that produced the text (e.g. `pocketsphinx`), or null. */
            engine: string | null;
            /** @description The job that produced this transcript (`job_…`), or null when authored by a user. */
            job_id: string | null;
            /** @description The media asset transcribed (`med_…`), or null. */
            media_id: string | null;
            /** @description The transcription profile (model codename, e.g. `oracle`), or null. */
            profile: string | null;
        };
        TranscriptSpeaker: {
            /** @description Speaker id, e.g. `S1`: letters, digits and `_ . : -`, starting with a letter or digit. */
            id: string;
            /** @description Display label given by diarization, e.g. `Speaker 1`. */
            label: string;
            /** @description Real name, set by a user or found in the speech (see name_source), or null. */
            name: string | null;
            /**
             * @description How the name was found: `self_introduction` (the speaker said "my name is Dana"), `addressed` (another speaker said "thanks, Dana"), `user` (set by a user). Absent or null when there is no name, or for a name set before sources were recorded (a user's).
             * @enum {string|null}
             */
            name_source?: "self_introduction" | "addressed" | "user" | null;
        };
        TranscriptTranslation: {
            /** @description BCP-47 language tag (`en`, `pt-BR`; `und` when unknown). */
            language: string;
            /** @description Translated text per segment, in the order of the segments; a segment may be left out. */
            segments: components["schemas"]["TranscriptTranslationSegment"][];
        } | null;
        TranscriptTranslationSegment: {
            /** @description Id of the translated segment: letters, digits and `_ . : -`, starting with a letter or digit. */
            id: string;
            text: string;
        };
        TranscriptWord: {
            /** @description Recognizer confidence in [0, 1] (3 decimals in the canonical form), or null when unknown (e.g. typed by a user). */
            confidence: number | null;
            /** @description End of the word; not before start, within its segment. Seconds; millisecond precision (finer digits are rounded away by the canonical form). */
            end: number;
            /** @description Id of a declared speaker, or null when unattributed. */
            speaker: string | null;
            /** @description Start of the word. Seconds; millisecond precision (finer digits are rounded away by the canonical form). */
            start: number;
            text: string;
        };
        UpdateShareRequest: {
            /**
             * Format: date-time
             * @description A new expiry, or null for none.
             */
            expires_at?: string | null;
            /** @description A version to pin, or null to follow the current version. */
            target_version_id?: string | null;
            title?: string;
        };
        UploadSession: {
            /**
             * Format: date-time
             * @description After this the session cannot be completed.
             */
            expires_at: string;
            /** @description Present to POST /api/v1/media/complete. */
            finalize_token: string;
            media_id: string;
            upload_headers: {
                [key: string]: string;
            };
            /** @description PUT the bytes here with the Content-Type of the request; short-lived. */
            upload_url: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            upload_url_expires_at: string;
        };
        UploadSessionRequest: {
            /** @description An audio/* or video/* media type; the PUT must send the same Content-Type. */
            content_type: string;
            file_name: string;
            /** @description The file size when known; checked against the quota before any byte is sent. */
            size_bytes?: number;
            workspace_id?: string;
        };
        ValidationError: {
            /** @description What the client may choose instead, where there is a choice: e.g. `targets` of an `unsupported_option` translation, `languages` of an unsupported language. */
            ctx?: {
                [key: string]: unknown;
            };
            loc: (string | number)[];
            msg: string;
            type: string;
        };
        WebhookDelivery: {
            attemptCount: number;
            attempts: {
                durationMs: number;
                error: string | null;
                number: number;
                /**
                 * Format: date-time
                 * @description RFC 3339 timestamp.
                 */
                startedAt: string;
                /** @description The receiver's status; null: no answer. */
                statusCode: number | null;
            }[];
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description RFC 3339 timestamp.
             */
            deliveredAt: string | null;
            /** @description Sent as X-Service-Delivery-Id; the same on every attempt. */
            deliveryId: string;
            /** @enum {string} */
            eventType: "transcription.completed" | "transcription.failed" | "transcription.cancelled";
            jobId: string;
            /**
             * Format: date-time
             * @description When the next attempt is due, while `pending`.
             */
            nextAttemptAt: string | null;
            /** @description The body's `result_omitted`: the result was too large to send. */
            resultOmitted: boolean;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed" | "gone";
            url: string;
        };
        /** @description A job was cancelled. */
        WebhookTranscriptionCancelled: {
            /** @description `whd_…`, as X-Service-Delivery-Id; the same on every attempt. */
            delivery_id: string;
            /** @description Why, when a reason was recorded. */
            error?: {
                code: string;
                message: string;
            };
            jobId: string;
            /**
             * Format: date-time
             * @description When the job ended.
             */
            occurred_at: string;
            /** @description True when the result was left out for size (over 256 KiB): fetch `GET /transcribe/{jobId}`. */
            result_omitted: boolean;
            /** @enum {string} */
            status: "CANCELLED";
            /** @enum {string} */
            type: "transcription.cancelled";
        };
        /** @description A job ended with its transcript. */
        WebhookTranscriptionCompleted: {
            /** @description `whd_…`, as X-Service-Delivery-Id; the same on every attempt. */
            delivery_id: string;
            jobId: string;
            /**
             * Format: date-time
             * @description When the job ended.
             */
            occurred_at: string;
            /** @description `GET /transcribe/{jobId}`'s `data.result`; absent when `result_omitted`. */
            result?: {
                duration_seconds: number;
                language: string;
                output: {
                    content: string;
                    content_type: string;
                    /** @enum {string} */
                    format: "json" | "srt" | "txt";
                };
                segments: {
                    end: number;
                    speaker: string | null;
                    start: number;
                    text: string;
                }[];
                text: string;
                translation: {
                    language: string;
                    text: string;
                } | null;
            };
            /** @description True when the result was left out for size (over 256 KiB): fetch `GET /transcribe/{jobId}`. */
            result_omitted: boolean;
            /** @enum {string} */
            status: "COMPLETED";
            /** @enum {string} */
            type: "transcription.completed";
        };
        /** @description A job failed. */
        WebhookTranscriptionFailed: {
            /** @description `whd_…`, as X-Service-Delivery-Id; the same on every attempt. */
            delivery_id: string;
            /** @description Why the job failed. */
            error: {
                code: string;
                message: string;
            };
            jobId: string;
            /**
             * Format: date-time
             * @description When the job ended.
             */
            occurred_at: string;
            /** @description True when the result was left out for size (over 256 KiB): fetch `GET /transcribe/{jobId}`. */
            result_omitted: boolean;
            /** @enum {string} */
            status: "FAILED";
            /** @enum {string} */
            type: "transcription.failed";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id (the one sent in `X-Request-Id`, when valid); give it when reporting a problem. */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `pat_route_not_allowed`: Personal access tokens cannot call this endpoint; sign in to the app instead. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_pat_route_not_allowed"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getAccountAppExperience: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AppExperiencePreference"];
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    updateAccountAppExperience: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountAppExperienceUpdateRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AppExperiencePreference"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listAccountFeatures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Feature"][];
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getAccountFeature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feature_key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Feature"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    createCompatTranscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["CompatTranscriptionForm"];
            };
        };
        responses: {
            /** @description json: `{text}` (with `evidence`, `reason` when the guard answered); verbose_json adds `task`, `language`, `duration`, `segments` and, with timestamp_granularities[]=word, `words`; target_language adds `source_text` (`text` is then the translation); purpose=live adds `source_text`, `language`, `billing {credits_charged, model, seconds, basis, pending, input_tokens, output_tokens}` and, with want_words, `words` and `words_estimated`. text, srt, vtt: text/plain. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    /** @description Where the time went, in ms: `guard`, `decode`, `engine`, `translate`. */
                    "Server-Timing": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompatTranscription"];
                    "text/plain": string;
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `bad_request`: The request is malformed.
             *     - `live_runs_on_device`: The live route of this model runs on the device.
             *     - `media_empty`: The uploaded file is empty.
             *     - `media_unplayable`: The uploaded file is not playable audio or video.
             *     - `profile_unavailable`: The engine of this profile is not installed in this deployment.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_bad_request"] | components["schemas"]["Error_live_runs_on_device"] | components["schemas"]["Error_media_empty"] | components["schemas"]["Error_media_unplayable"] | components["schemas"]["Error_profile_unavailable"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "bad_request" | "live_runs_on_device" | "media_empty" | "media_unplayable" | "profile_unavailable";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `invalid_api_key`: The access token is missing, invalid, expired or revoked.
             */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "invalid_api_key";
                            /** @constant */
                            type?: "authentication_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_credits`: The credit balance is too low for this request.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_credits"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_credits";
                            /** @constant */
                            type?: "insufficient_quota";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_scope`: The access token lacks the required scope.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                            /** @constant */
                            type?: "permission_error";
                        };
                    };
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `conflict`: The resource conflicts with an existing one.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "conflict";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `payload_too_large`: The request body is too large.
             *     - `file_too_large`: The file is larger than fast transcription accepts.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_payload_too_large"] | components["schemas"]["Error_file_too_large"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "payload_too_large" | "file_too_large";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `unsupported_media_type`: The request content type is not supported.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             *     - `clip_too_long`: The clip is longer than fast transcription accepts; submit it as a job instead.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"] | components["schemas"]["Error_clip_too_long"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "validation_error" | "clip_too_long";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `rate_limited`: Too many requests.
             */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                            /** @constant */
                            type?: "rate_limit_error";
                        };
                    };
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "internal_error" | "caller_unauthenticated" | "caller_not_allowed" | "caller_user_mismatch";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `engine_failed`: The speech engine failed while transcribing the clip; nothing was charged.
             *     - `translation_failed`: The translation of the clip failed; nothing was charged. Retry, or leave target_language out.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_engine_failed"] | components["schemas"]["Error_translation_failed"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "engine_failed" | "translation_failed";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "service_unavailable";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_timeout`: A backend service did not answer in time.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_timeout";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
        };
    };
    createCompatChatCompletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompatChatCompletionRequest"];
            };
        };
        responses: {
            /** @description The contract answer; with `stream: true`, server-sent events ending with `data: [DONE]` (chat). */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                    "text/event-stream": string;
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `bad_request`: The request is malformed.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "bad_request";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `invalid_api_key`: The access token is missing, invalid, expired or revoked.
             */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "invalid_api_key";
                            /** @constant */
                            type?: "authentication_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_credits`: The credit balance is too low for this request.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_credits"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_credits";
                            /** @constant */
                            type?: "insufficient_quota";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_scope`: The access token lacks the required scope.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                            /** @constant */
                            type?: "permission_error";
                        };
                    };
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `conflict`: The resource conflicts with an existing one.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "conflict";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `payload_too_large`: The request body is too large.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "payload_too_large";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `unsupported_media_type`: The request content type is not supported.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "validation_error";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `rate_limited`: Too many requests.
             */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                            /** @constant */
                            type?: "rate_limit_error";
                        };
                    };
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "internal_error" | "caller_unauthenticated" | "caller_not_allowed" | "caller_user_mismatch";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_error`: The AI provider failed to answer; nothing was charged. Retry later.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_error"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `ai_upstream_not_configured`: No AI provider is configured on this deployment (AI_UPSTREAM_URL).
             *     - `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After"?: number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_ai_upstream_not_configured"] | components["schemas"]["Error_service_unavailable"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "ai_upstream_not_configured" | "service_unavailable";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_timeout`: A backend service did not answer in time.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_timeout";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
        };
    };
    createCompatEmbeddings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompatEmbeddingsRequest"];
            };
        };
        responses: {
            /** @description The contract answer. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `bad_request`: The request is malformed.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "bad_request";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `invalid_api_key`: The access token is missing, invalid, expired or revoked.
             */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "invalid_api_key";
                            /** @constant */
                            type?: "authentication_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_credits`: The credit balance is too low for this request.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_credits"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_credits";
                            /** @constant */
                            type?: "insufficient_quota";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_scope`: The access token lacks the required scope.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                            /** @constant */
                            type?: "permission_error";
                        };
                    };
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `conflict`: The resource conflicts with an existing one.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "conflict";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `payload_too_large`: The request body is too large.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "payload_too_large";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `unsupported_media_type`: The request content type is not supported.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "validation_error";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `rate_limited`: Too many requests.
             */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                            /** @constant */
                            type?: "rate_limit_error";
                        };
                    };
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "internal_error" | "caller_unauthenticated" | "caller_not_allowed" | "caller_user_mismatch";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_error`: The AI provider failed to answer; nothing was charged. Retry later.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_error"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `ai_upstream_not_configured`: No AI provider is configured on this deployment (AI_UPSTREAM_URL).
             *     - `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After"?: number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_ai_upstream_not_configured"] | components["schemas"]["Error_service_unavailable"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "ai_upstream_not_configured" | "service_unavailable";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_timeout`: A backend service did not answer in time.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_timeout";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
        };
    };
    createCompatImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompatImageGenerationRequest"];
            };
        };
        responses: {
            /** @description The contract answer. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `bad_request`: The request is malformed.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "bad_request";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `invalid_api_key`: The access token is missing, invalid, expired or revoked.
             */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "invalid_api_key";
                            /** @constant */
                            type?: "authentication_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_credits`: The credit balance is too low for this request.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_credits"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_credits";
                            /** @constant */
                            type?: "insufficient_quota";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_scope`: The access token lacks the required scope.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                            /** @constant */
                            type?: "permission_error";
                        };
                    };
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `conflict`: The resource conflicts with an existing one.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "conflict";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `payload_too_large`: The request body is too large.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "payload_too_large";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `unsupported_media_type`: The request content type is not supported.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "validation_error";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `rate_limited`: Too many requests.
             */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                            /** @constant */
                            type?: "rate_limit_error";
                        };
                    };
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "internal_error" | "caller_unauthenticated" | "caller_not_allowed" | "caller_user_mismatch";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_error`: The AI provider failed to answer; nothing was charged. Retry later.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_error"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `ai_upstream_not_configured`: No AI provider is configured on this deployment (AI_UPSTREAM_URL).
             *     - `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After"?: number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_ai_upstream_not_configured"] | components["schemas"]["Error_service_unavailable"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "ai_upstream_not_configured" | "service_unavailable";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_timeout`: A backend service did not answer in time.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_timeout";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
        };
    };
    listCompatModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CompatModel"][];
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `invalid_api_key`: The access token is missing, invalid, expired or revoked.
             */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "invalid_api_key";
                            /** @constant */
                            type?: "authentication_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_scope`: The access token lacks the required scope.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                            /** @constant */
                            type?: "permission_error";
                        };
                    };
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `payload_too_large`: The request body is too large.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "payload_too_large";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `unsupported_media_type`: The request content type is not supported.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     a validation error: `detail` is the list of issues (`HTTPValidationError`).
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "validation_error";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `rate_limited`: Too many requests.
             */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                            /** @constant */
                            type?: "rate_limit_error";
                        };
                    };
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "internal_error" | "caller_unauthenticated" | "caller_not_allowed" | "caller_user_mismatch";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "service_unavailable";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_timeout`: A backend service did not answer in time.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_timeout";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
        };
    };
    createCompatResponse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompatResponsesRequest"];
            };
        };
        responses: {
            /** @description The contract answer; with `stream: true`, server-sent events ending with `data: [DONE]` (chat). */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                    "text/event-stream": string;
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `bad_request`: The request is malformed.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "bad_request";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `invalid_api_key`: The access token is missing, invalid, expired or revoked.
             */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "invalid_api_key";
                            /** @constant */
                            type?: "authentication_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_credits`: The credit balance is too low for this request.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_credits"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_credits";
                            /** @constant */
                            type?: "insufficient_quota";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `insufficient_scope`: The access token lacks the required scope.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                            /** @constant */
                            type?: "permission_error";
                        };
                    };
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `conflict`: The resource conflicts with an existing one.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "conflict";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `payload_too_large`: The request body is too large.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "payload_too_large";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `unsupported_media_type`: The request content type is not supported.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "validation_error";
                            /** @constant */
                            type?: "invalid_request_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `rate_limited`: Too many requests.
             */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                            /** @constant */
                            type?: "rate_limit_error";
                        };
                    };
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "internal_error" | "caller_unauthenticated" | "caller_not_allowed" | "caller_user_mismatch";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_error`: The AI provider failed to answer; nothing was charged. Retry later.
             */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_error"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     One of:
             *     - `ai_upstream_not_configured`: No AI provider is configured on this deployment (AI_UPSTREAM_URL).
             *     - `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After"?: number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Error_ai_upstream_not_configured"] | components["schemas"]["Error_service_unavailable"]) & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "ai_upstream_not_configured" | "service_unavailable";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
            /**
             * @description An OpenAI-style `error` beside the platform `detail`.
             *
             *     `upstream_timeout`: A backend service did not answer in time.
             */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"] & {
                        error: components["schemas"]["CompatError"] & {
                            /** @enum {unknown} */
                            code?: "upstream_timeout";
                            /** @constant */
                            type?: "api_error";
                        };
                    };
                };
            };
        };
    };
    listArtifacts: {
        parameters: {
            query?: {
                artifact_type?: "transcript" | "media_export";
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
                media_id?: string;
                workspace_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Artifact"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getArtifact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                artifact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Artifact"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    deleteArtifact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                artifact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listArtifactVersions: {
        parameters: {
            query?: {
                include_payload?: boolean;
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
            };
            header?: never;
            path: {
                artifact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ArtifactVersion"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    createArtifactVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Kept 24 h, per user. Same key and body: the version added first, answered again (201), not a second one; a different body: 409 idempotency_conflict. */
                "idempotency-key"?: string;
            };
            path: {
                artifact_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateArtifactVersionBody"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ArtifactWithVersion"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `version_conflict`: The artifact changed since base_version_id; reload it and apply your edit again.
             *     - `artifact_not_editable`: Versions of this artifact are produced by jobs, not written by clients.
             *     - `idempotency_conflict`: The Idempotency-Key was already used with a different request.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_version_conflict"] | components["schemas"]["Error_artifact_not_editable"] | components["schemas"]["Error_idempotency_conflict"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getArtifactVersion: {
        parameters: {
            query?: {
                include_payload?: boolean;
            };
            header?: never;
            path: {
                artifact_id: string;
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ArtifactVersion"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getArtifactDownloadUrl: {
        parameters: {
            query?: {
                ttl_seconds?: number;
            };
            header?: never;
            path: {
                artifact_id: string;
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DownloadUrl"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `no_download`: This version has no file to download. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_no_download"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    restoreArtifactVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                artifact_id: string;
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ArtifactWithVersion"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getVersionById: {
        parameters: {
            query?: {
                include_payload?: boolean;
            };
            header?: never;
            path: {
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ArtifactVersion"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listDeviceSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            devices: components["schemas"]["DeviceSession"][];
                        };
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    logoutDeviceSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                device_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevokeDeviceSessionRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RevokedDeviceSessions"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    logoutAllDeviceSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevokeAllDeviceSessionsRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RevokedDeviceSessions"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInRequest"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AppSession"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_credentials`: The email or password is incorrect. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_credentials"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `pat_route_not_allowed`: Personal access tokens cannot call this endpoint; sign in to the app instead. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_pat_route_not_allowed"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listPersonalAccessTokens: {
        parameters: {
            query?: {
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PersonalAccessToken"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `pat_route_not_allowed`: Personal access tokens cannot call this endpoint; sign in to the app instead. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_pat_route_not_allowed"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    createPersonalAccessToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Kept 24 h, per user. Same key and body: no second token; 409 idempotency_replay_secret_unavailable names the token (`details.token_id`), whose secret was shown only to the first request and is not kept; a different body: 409 idempotency_conflict. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePersonalAccessTokenRequest"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedPersonalAccessToken"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `pat_route_not_allowed`: Personal access tokens cannot call this endpoint; sign in to the app instead. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_pat_route_not_allowed"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `conflict`: The resource conflicts with an existing one.
             *     - `idempotency_conflict`: The Idempotency-Key was already used with a different request.
             *     - `idempotency_replay_secret_unavailable`: This Idempotency-Key created what the details name; its secret was shown once and is not kept.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] | components["schemas"]["Error_idempotency_conflict"] | components["schemas"]["Error_idempotency_replay_secret_unavailable"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    revokePersonalAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `pat_route_not_allowed`: Personal access tokens cannot call this endpoint; sign in to the app instead. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_pat_route_not_allowed"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getBillingBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BillingBalance"];
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listCreditGrants: {
        parameters: {
            query?: {
                include_expired?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreditGrant"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listLedgerEntries: {
        parameters: {
            query?: {
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["LedgerEntry"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listPrincipalBalances: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PrincipalBalance"][];
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getBillingProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BillingProfile"];
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getCloudStorageUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CloudStorageUsage"];
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    formatTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FormatRequest"];
            };
        };
        responses: {
            /** @description The converted transcript: format=json the canonical transcript, others text. */
            200: {
                headers: {
                    /** @description `attachment`, with the download file name. */
                    "Content-Disposition": string;
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                    "application/x-subrip": string;
                    "text/plain": string;
                    "text/vtt": string;
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
                status?: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                type?: "transcription" | "caption_burn";
                workspace_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Job"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    createJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and body → the same job (not a second one); a different body → 409 idempotency_conflict. Kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateJobRequest"];
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Job"];
                    };
                };
            };
            /**
             * @description One of:
             *     - `bad_request`: The request is malformed.
             *     - `profile_unavailable`: The engine of this profile is not installed in this deployment.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] | components["schemas"]["Error_profile_unavailable"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_credits`: The credit balance is too low for this request. */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_credits"];
                };
            };
            /**
             * @description One of:
             *     - `insufficient_scope`: The access token lacks the required scope.
             *     - `feature_required`: Your account has not been granted the feature this request needs.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] | components["schemas"]["Error_feature_required"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `conflict`: The resource conflicts with an existing one.
             *     - `media_not_ready`: The media is not verified yet.
             *     - `idempotency_conflict`: The Idempotency-Key was already used with a different request.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] | components["schemas"]["Error_media_not_ready"] | components["schemas"]["Error_idempotency_conflict"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Job"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Job"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `job_not_cancellable`: The job has already ended and cannot be cancelled. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_job_not_cancellable"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listJobArtifacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Artifact"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    exportJob: {
        parameters: {
            query?: {
                /** @description Output format: `text`, `json`, `srt` or `vtt`. */
                format?: "text" | "json" | "srt" | "vtt";
                /** @description Colour of the highlighted word in karaoke mode (srt, vtt). */
                highlight_color?: string;
                /** @description Karaoke: one subtitle per word, the current word highlighted (srt, vtt). */
                highlight_words?: boolean;
                /** @description Speaker names before the text (text, srt, vtt). */
                include_speakers?: boolean;
                /** @description Start time before each paragraph (text). */
                include_timestamps?: boolean;
                /** @description Word timings (json). */
                include_word_timestamps?: boolean;
                /** @description Longest subtitle entry in characters (srt, vtt); cues split at word boundaries, never longer. 10 to 500. */
                max_chars_per_entry?: number;
                /** @description Indented JSON (json). */
                pretty?: boolean;
                /** @description Which text the file shows (all formats): `source`, the transcript as spoken, or `translation`, the translation (of a job created with `options.target_language`) wherever a segment has one, speakers included; segments the translation leaves out keep their source text. In json the translated segments have no word timings, `language` is the translation’s and `translation` holds the replaced source text. `translation` of a transcript without a translation is 422, and so is `translation` with `highlight_words` in srt and vtt (a translation has no word timings to highlight). */
                text?: "source" | "translation";
            };
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transcript file, with a download name: format=json the canonical transcript, others text. */
            200: {
                headers: {
                    /** @description `attachment`, with the download file name. */
                    "Content-Disposition": string;
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                    "application/x-subrip": string;
                    "text/plain": string;
                    "text/vtt": string;
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `job_not_completed`: The job has not succeeded, so there is nothing to export yet.
             *     - `job_is_batch`: A batch job has no transcript of its own; export its items.
             *     - `job_has_no_transcript`: This job burns captions into a video: its output is a media_export artifact, not a transcript to export.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_job_not_completed"] | components["schemas"]["Error_job_is_batch"] | components["schemas"]["Error_job_has_no_transcript"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listJobItems: {
        parameters: {
            query?: {
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
            };
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Job"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    reportJobProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceProgressRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Job"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `not_client_local`: The job runs in the cloud; only a client-local job takes progress and transcripts from a device.
             *     - `job_not_running`: The job has already ended; it takes no more progress or transcripts.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_client_local"] | components["schemas"]["Error_job_not_running"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    deliverJobTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceTranscriptRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Job"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `not_client_local`: The job runs in the cloud; only a client-local job takes progress and transcripts from a device.
             *     - `job_not_running`: The job has already ended; it takes no more progress or transcripts.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_client_local"] | components["schemas"]["Error_job_not_running"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getJobQueue: {
        parameters: {
            query?: {
                job_type?: "transcription" | "caption_burn";
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["JobQueue"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    reorderJobQueue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReorderJobQueueRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["JobQueue"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `job_not_queued`: Only queued jobs can be moved in the queue. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_job_not_queued"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listMedia: {
        parameters: {
            query?: {
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
                workspace_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaAsset"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: {
                workspace_id?: string;
            };
            header?: never;
            path: {
                media_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaAsset"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                media_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listMediaArtifacts: {
        parameters: {
            query?: {
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
                workspace_id?: string;
            };
            header?: never;
            path: {
                media_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Artifact"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getMediaDownloadUrl: {
        parameters: {
            query?: {
                ttl_seconds?: number;
            };
            header?: never;
            path: {
                media_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DownloadUrl"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `media_not_ready`: The media is not verified yet. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_media_not_ready"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    completeUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FinalizeRequest"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaAsset"];
                    };
                };
            };
            /** @description Verification is still running. */
            202: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    /** @description As `retry_after_seconds`. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaVerificationPending"];
                    };
                };
            };
            /**
             * @description One of:
             *     - `bad_request`: The request is malformed.
             *     - `media_empty`: The uploaded file is empty.
             *     - `media_unplayable`: The uploaded file is not playable audio or video.
             *     - `media_no_audio`: The uploaded file has no audio stream.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] | components["schemas"]["Error_media_empty"] | components["schemas"]["Error_media_unplayable"] | components["schemas"]["Error_media_no_audio"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /**
             * @description One of:
             *     - `insufficient_scope`: The access token lacks the required scope.
             *     - `invalid_finalize_token`: The finalize token does not belong to this media.
             *     - `storage_quota_exceeded`: The storage quota is used up; delete media to make room.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] | components["schemas"]["Error_invalid_finalize_token"] | components["schemas"]["Error_storage_quota_exceeded"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `upload_incomplete`: The file has not been uploaded to the upload URL yet. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upload_incomplete"];
                };
            };
            /** @description `upload_session_expired`: The upload session has expired; create a new one. */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upload_session_expired"];
                };
            };
            /**
             * @description One of:
             *     - `payload_too_large`: The request body is too large.
             *     - `media_too_large`: The file is larger than the largest upload accepted.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] | components["schemas"]["Error_media_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    registerMedia: {
        parameters: {
            query?: never;
            header?: {
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterMediaRequest"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaAsset"];
                    };
                };
            };
            /** @description Only with `Prefer: respond-async`: verification is still running; poll `GET /api/v1/media/{media_id}`. */
            202: {
                headers: {
                    /** @description `respond-async`. */
                    "Preference-Applied": string;
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    /** @description As `retry_after_seconds`. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaVerificationPending"];
                    };
                };
            };
            /**
             * @description One of:
             *     - `bad_request`: The request is malformed.
             *     - `media_empty`: The uploaded file is empty.
             *     - `media_unplayable`: The uploaded file is not playable audio or video.
             *     - `media_no_audio`: The uploaded file has no audio stream.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] | components["schemas"]["Error_media_empty"] | components["schemas"]["Error_media_unplayable"] | components["schemas"]["Error_media_no_audio"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /**
             * @description One of:
             *     - `insufficient_scope`: The access token lacks the required scope.
             *     - `storage_key_not_allowed`: Only objects inside your own storage prefix can be registered.
             *     - `storage_quota_exceeded`: The storage quota is used up; delete media to make room.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] | components["schemas"]["Error_storage_key_not_allowed"] | components["schemas"]["Error_storage_quota_exceeded"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `conflict`: The resource conflicts with an existing one. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /**
             * @description One of:
             *     - `verification_unfinished`: The media is stored but its verification has not finished yet; poll GET /api/v1/media/{media_id}.
             *     - `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_verification_unfinished"] | components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description Kept 24 h, per user. Same key and body: the media the first upload stored, the body read and discarded: answered as the first upload is now (201 once verified, its failure if it failed, 503 `verification_unfinished` or 202 while it still uploads or verifies); the key covers the fields before the file, the file part's name and type and the declared Content-Length; an upload that did not store its bytes (interrupted, refused by storage) gives the key back; a different body: 409 idempotency_conflict. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MediaUploadForm"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaAsset"];
                    };
                };
            };
            /** @description Only with `Prefer: respond-async`: verification is still running; poll `GET /api/v1/media/{media_id}`. */
            202: {
                headers: {
                    /** @description `respond-async`. */
                    "Preference-Applied": string;
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    /** @description As `retry_after_seconds`. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MediaVerificationPending"];
                    };
                };
            };
            /**
             * @description One of:
             *     - `bad_request`: The request is malformed.
             *     - `media_empty`: The uploaded file is empty.
             *     - `media_unplayable`: The uploaded file is not playable audio or video.
             *     - `media_no_audio`: The uploaded file has no audio stream.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] | components["schemas"]["Error_media_empty"] | components["schemas"]["Error_media_unplayable"] | components["schemas"]["Error_media_no_audio"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /**
             * @description One of:
             *     - `insufficient_scope`: The access token lacks the required scope.
             *     - `storage_quota_exceeded`: The storage quota is used up; delete media to make room.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] | components["schemas"]["Error_storage_quota_exceeded"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `idempotency_conflict`: The Idempotency-Key was already used with a different request. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_idempotency_conflict"];
                };
            };
            /**
             * @description One of:
             *     - `payload_too_large`: The request body is too large.
             *     - `media_too_large`: The file is larger than the largest upload accepted.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] | components["schemas"]["Error_media_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `storage_unavailable`: The object store did not accept the request; retry later. */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_storage_unavailable"];
                };
            };
            /**
             * @description One of:
             *     - `verification_unfinished`: The media is stored but its verification has not finished yet; poll GET /api/v1/media/{media_id}.
             *     - `service_unavailable`: A backend service is unavailable; retry later.
             */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_verification_unfinished"] | components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    createUploadSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and body → the same session; a different body → 409 idempotency_conflict. Kept 24 h. */
                "idempotency-key"?: string;
                "user-agent"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadSessionRequest"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UploadSession"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /**
             * @description One of:
             *     - `insufficient_scope`: The access token lacks the required scope.
             *     - `storage_quota_exceeded`: The storage quota is used up; delete media to make room.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] | components["schemas"]["Error_storage_quota_exceeded"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `idempotency_conflict`: The Idempotency-Key was already used with a different request. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_idempotency_conflict"];
                };
            };
            /** @description `upload_session_expired`: The upload session has expired; create a new one. */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upload_session_expired"];
                };
            };
            /**
             * @description One of:
             *     - `payload_too_large`: The request body is too large.
             *     - `media_too_large`: The file is larger than the largest upload accepted.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] | components["schemas"]["Error_media_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TranscriptionModel"][];
                    };
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /** @description a validation error: `detail` is the list of issues (`HTTPValidationError`). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listShares: {
        parameters: {
            query?: {
                /** @description Also revoked, expired and taken-down links. */
                include_inactive?: boolean;
                /** @description Maximum number of items, 1 to 200. */
                limit?: number;
                /** @description Only links to this artifact. */
                target_id?: string;
                /** @description Only links pinned to this version. */
                target_version_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Share"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    createShare: {
        parameters: {
            query?: never;
            header?: {
                /** @description Kept 24 h, per user. Same key and body: no second share; 409 idempotency_replay_secret_unavailable names the share (`details.share_id`), whose URL was shown only to the first request: rotate it for a new one; a different body: 409 idempotency_conflict. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateShareRequest"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Share"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `conflict`: The resource conflicts with an existing one.
             *     - `idempotency_conflict`: The Idempotency-Key was already used with a different request.
             *     - `idempotency_replay_secret_unavailable`: This Idempotency-Key created what the details name; its secret was shown once and is not kept.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] | components["schemas"]["Error_idempotency_conflict"] | components["schemas"]["Error_idempotency_replay_secret_unavailable"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    getShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                share_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Share"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    revokeShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                share_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Share"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    updateShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                share_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateShareRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Share"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `conflict`: The resource conflicts with an existing one. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    rotateShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                share_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Share"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `conflict`: The resource conflicts with an existing one. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"];
                };
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    openShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page, or the canonical transcript as JSON. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                    "text/html": string;
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                    "text/html": string;
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    downloadShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                format: "text" | "json" | "srt" | "vtt";
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transcript file: json the canonical transcript, others text. */
            200: {
                headers: {
                    /** @description `attachment`, with the download file name. */
                    "Content-Disposition"?: string;
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                    "application/x-subrip": string;
                    "text/plain": string;
                    "text/vtt": string;
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                    "text/html": string;
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    productTranscribe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and body → the same job, without fetching the file again; a different body → 409 idempotency_conflict. Kept 24 h. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TranscribeRequest"];
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ProductJob"];
                    };
                };
            };
            /**
             * @description One of:
             *     - `bad_request`: The request is malformed.
             *     - `media_unplayable`: The uploaded file is not playable audio or video.
             *     - `media_no_audio`: The uploaded file has no audio stream.
             *     - `profile_unavailable`: The engine of this profile is not installed in this deployment.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] | components["schemas"]["Error_media_unplayable"] | components["schemas"]["Error_media_no_audio"] | components["schemas"]["Error_profile_unavailable"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_credits`: The credit balance is too low for this request. */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_credits"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `conflict`: The resource conflicts with an existing one.
             *     - `media_not_ready`: The media is not verified yet.
             *     - `idempotency_conflict`: The Idempotency-Key was already used with a different request.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_conflict"] | components["schemas"]["Error_media_not_ready"] | components["schemas"]["Error_idempotency_conflict"];
                };
            };
            /**
             * @description One of:
             *     - `payload_too_large`: The request body is too large.
             *     - `media_too_large`: The file is larger than the largest upload accepted.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] | components["schemas"]["Error_media_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             *     - `url_not_allowed`: The URL is not allowed: only http(s) URLs of public hosts are.
             *     - `remote_fetch_failed`: The file at the URL could not be fetched.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"] | components["schemas"]["Error_url_not_allowed"] | components["schemas"]["Error_remote_fetch_failed"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    productGetTranscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ProductJob"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description `bad_request`: The request is malformed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /** @description `insufficient_scope`: The access token lacks the required scope. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `payload_too_large`: The request body is too large. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    productUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Kept 24 h, per user. Same key and body: the media the first request stored (its bytes not read again) or the same media's form signed again, answered as that media is now; for multipart the key covers the fields before the file, the file part's name and type and the declared Content-Length, for JSON the whole body; an upload that did not store its bytes (interrupted, refused by storage) gives the key back; a different body: 409 idempotency_conflict. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductUploadRequest"];
                "multipart/form-data": components["schemas"]["ProductUploadForm"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit?: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ProductUploadedFile"];
                    };
                };
            };
            /**
             * @description One of:
             *     - `bad_request`: The request is malformed.
             *     - `media_empty`: The uploaded file is empty.
             *     - `media_unplayable`: The uploaded file is not playable audio or video.
             *     - `media_no_audio`: The uploaded file has no audio stream.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_bad_request"] | components["schemas"]["Error_media_empty"] | components["schemas"]["Error_media_unplayable"] | components["schemas"]["Error_media_no_audio"];
                };
            };
            /** @description `invalid_api_key`: The access token is missing, invalid, expired or revoked. */
            401: {
                headers: {
                    /** @description `Bearer`, with `invalid_api_key`. */
                    "WWW-Authenticate": string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_invalid_api_key"];
                };
            };
            /**
             * @description One of:
             *     - `insufficient_scope`: The access token lacks the required scope.
             *     - `storage_quota_exceeded`: The storage quota is used up; delete media to make room.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_insufficient_scope"] | components["schemas"]["Error_storage_quota_exceeded"];
                };
            };
            /** @description `not_found`: The resource was not found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_not_found"];
                };
            };
            /** @description The request was not received in time; no body. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `idempotency_conflict`: The Idempotency-Key was already used with a different request. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_idempotency_conflict"];
                };
            };
            /** @description `upload_session_expired`: The upload session has expired; create a new one. */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upload_session_expired"];
                };
            };
            /**
             * @description One of:
             *     - `payload_too_large`: The request body is too large.
             *     - `media_too_large`: The file is larger than the largest upload accepted.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_payload_too_large"] | components["schemas"]["Error_media_too_large"];
                };
            };
            /** @description `unsupported_media_type`: The request content type is not supported. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_unsupported_media_type"];
                };
            };
            /**
             * @description One of:
             *     - a validation error: `detail` is the list of issues (`HTTPValidationError`).
             *     - `validation_error`: The request is invalid.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["Error_validation_error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    /** @description What is left of each: `"token";r=0;t=12` (remaining, seconds until reset). */
                    RateLimit: string;
                    /** @description The policies the request was counted against, e.g. `"token";q=600;w=60` (ADR 0012). */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_rate_limited"];
                };
            };
            /** @description The request line and headers are larger than the server reads (16 KiB); no body. */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *     - `internal_error`: An internal error occurred.
             *     - `caller_unauthenticated`: The call carries no valid service token.
             *     - `caller_not_allowed`: The calling service may not call this method.
             *     - `caller_user_mismatch`: The request names another user than the one the call acts for.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_internal_error"] | components["schemas"]["Error_caller_unauthenticated"] | components["schemas"]["Error_caller_not_allowed"] | components["schemas"]["Error_caller_user_mismatch"];
                };
            };
            /** @description `storage_unavailable`: The object store did not accept the request; retry later. */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_storage_unavailable"];
                };
            };
            /** @description `service_unavailable`: A backend service is unavailable; retry later. */
            503: {
                headers: {
                    /** @description Seconds until the request is worth repeating. */
                    "Retry-After": number;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_service_unavailable"];
                };
            };
            /** @description `upstream_timeout`: A backend service did not answer in time. */
            504: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error_upstream_timeout"];
                };
            };
        };
    };
    transcriptionCancelledWebhook: {
        parameters: {
            query?: never;
            header: {
                "user-agent": "transcription-webhooks/1";
                /** @description Standard Webhooks, with a `whsec_` secret: the delivery id. */
                "webhook-id"?: string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256, keyed with the base64-decoded secret after `whsec_`, of `<webhook-id>.<webhook-timestamp>.<raw body>`. */
                "webhook-signature"?: string;
                /** @description Standard Webhooks: as X-Service-Timestamp. */
                "webhook-timestamp"?: string;
                /** @description The delivery id: deduplicate on it (at least once). */
                "x-service-delivery-id": string;
                /** @description `sha256=` + lowercase hex HMAC-SHA256, keyed with the webhook_secret, of `<timestamp>.<raw body>`. */
                "x-service-signature": string;
                /** @description Unix seconds of this attempt. */
                "x-service-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTranscriptionCancelled"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: no more attempts of this delivery. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried on the schedule (a 429 or 503 no sooner than its `Retry-After`). */
            default: {
                headers: {
                    /** @description Seconds or an HTTP date. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    transcriptionCompletedWebhook: {
        parameters: {
            query?: never;
            header: {
                "user-agent": "transcription-webhooks/1";
                /** @description Standard Webhooks, with a `whsec_` secret: the delivery id. */
                "webhook-id"?: string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256, keyed with the base64-decoded secret after `whsec_`, of `<webhook-id>.<webhook-timestamp>.<raw body>`. */
                "webhook-signature"?: string;
                /** @description Standard Webhooks: as X-Service-Timestamp. */
                "webhook-timestamp"?: string;
                /** @description The delivery id: deduplicate on it (at least once). */
                "x-service-delivery-id": string;
                /** @description `sha256=` + lowercase hex HMAC-SHA256, keyed with the webhook_secret, of `<timestamp>.<raw body>`. */
                "x-service-signature": string;
                /** @description Unix seconds of this attempt. */
                "x-service-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTranscriptionCompleted"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: no more attempts of this delivery. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried on the schedule (a 429 or 503 no sooner than its `Retry-After`). */
            default: {
                headers: {
                    /** @description Seconds or an HTTP date. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    transcriptionFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                "user-agent": "transcription-webhooks/1";
                /** @description Standard Webhooks, with a `whsec_` secret: the delivery id. */
                "webhook-id"?: string;
                /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256, keyed with the base64-decoded secret after `whsec_`, of `<webhook-id>.<webhook-timestamp>.<raw body>`. */
                "webhook-signature"?: string;
                /** @description Standard Webhooks: as X-Service-Timestamp. */
                "webhook-timestamp"?: string;
                /** @description The delivery id: deduplicate on it (at least once). */
                "x-service-delivery-id": string;
                /** @description `sha256=` + lowercase hex HMAC-SHA256, keyed with the webhook_secret, of `<timestamp>.<raw body>`. */
                "x-service-signature": string;
                /** @description Unix seconds of this attempt. */
                "x-service-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTranscriptionFailed"];
            };
        };
        responses: {
            /** @description Delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: no more attempts of this delivery. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried on the schedule (a 429 or 503 no sooner than its `Retry-After`). */
            default: {
                headers: {
                    /** @description Seconds or an HTTP date. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
