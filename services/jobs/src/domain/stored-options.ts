import { AppError } from '@tp/errors';
import { type JobOptions, jobOptionsFromView, jobOptionsView } from '@tp/job-options';

/**
 * The `options_json` column holds a job's options as their JSON view, as every release stored them
 * (ADR 0033). This is its one encoder and its one decoder: a row reads back as it was written or
 * fails (job_options_unreadable, naming why), never as defaults.
 */
export function storedOptionsText(options: JobOptions): string {
  return JSON.stringify(jobOptionsView(options));
}

/** A row's options; job_options_unreadable when they are not the view of a message. */
export function storedOptions(text: string): JobOptions {
  let view: unknown;
  try {
    view = JSON.parse(text);
  } catch {
    throw new AppError('job_options_unreadable', "The job's options could not be read: they are not JSON.", {
      reason: 'not JSON',
    });
  }
  return jobOptionsFromView(view);
}
