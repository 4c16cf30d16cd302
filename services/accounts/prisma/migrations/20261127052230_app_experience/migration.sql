-- CreateTable
CREATE TABLE "app_experience" (
    "user_id" TEXT NOT NULL,
    "default_profile" TEXT,
    "default_export_format" TEXT,
    "max_chars_per_entry" INTEGER,
    "interface_language" TEXT,
    "theme" TEXT,
    "show_timestamps" BOOLEAN,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "app_experience_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "app_experience" ADD CONSTRAINT "app_experience_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
