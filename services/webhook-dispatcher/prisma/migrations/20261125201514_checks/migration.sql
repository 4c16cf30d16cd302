-- Rules schema.prisma cannot express: the value sets and the counters' ranges.
ALTER TABLE "deliveries"
  ADD CONSTRAINT "deliveries_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed', 'gone')),
  ADD CONSTRAINT "deliveries_event_type_check"
    CHECK ("event_type" IN ('transcription.completed', 'transcription.failed', 'transcription.cancelled')),
  ADD CONSTRAINT "deliveries_attempt_count_check" CHECK ("attempt_count" >= 0 AND "schedule_step" >= 0),
  ADD CONSTRAINT "deliveries_next_attempt_check" CHECK (("status" = 'pending') = ("next_attempt_at" IS NOT NULL));

ALTER TABLE "delivery_attempts"
  ADD CONSTRAINT "delivery_attempts_number_check" CHECK ("number" >= 1 AND "duration_ms" >= 0);
