export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "14"
  }
  public: {
    Tables: {
      certificates: {
        Row: {
          checks: Json
          code: string
          course_id: number
          course_title: string
          full_name: string
          id: number
          issued_at: string
          pass_mark: number | null
          revoked_at: string | null
          revoked_reason: string | null
          user_id: string
        }
        Insert: {
          checks?: Json
          code: string
          course_id: number
          course_title: string
          full_name?: string
          id?: number
          issued_at?: string
          pass_mark?: number | null
          revoked_at?: string | null
          revoked_reason?: string | null
          user_id: string
        }
        Update: {
          checks?: Json
          code?: string
          course_id?: number
          course_title?: string
          full_name?: string
          id?: number
          issued_at?: string
          pass_mark?: number | null
          revoked_at?: string | null
          revoked_reason?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "certificates_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
        ]
      }
      courses: {
        Row: {
          created_at: string
          description: string
          id: number
          is_active: boolean
          order_index: number
          slug: string
          title: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          description?: string
          id?: number
          is_active?: boolean
          order_index?: number
          slug: string
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          id?: number
          is_active?: boolean
          order_index?: number
          slug?: string
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      discount_codes: {
        Row: {
          active: boolean
          code: string
          created_at: string
          expires_at: string | null
          max_redemptions: number | null
          percent_off: number
          redemptions: number
        }
        Insert: {
          active?: boolean
          code: string
          created_at?: string
          expires_at?: string | null
          max_redemptions?: number | null
          percent_off: number
          redemptions?: number
        }
        Update: {
          active?: boolean
          code?: string
          created_at?: string
          expires_at?: string | null
          max_redemptions?: number | null
          percent_off?: number
          redemptions?: number
        }
        Relationships: []
      }
      knowledge_check_attempts: {
        Row: {
          answers: Json
          course_id: number
          created_at: string
          id: number
          lesson_id: number
          passed: boolean
          score: number
          user_id: string
        }
        Insert: {
          answers: Json
          course_id: number
          created_at?: string
          id?: number
          lesson_id: number
          passed: boolean
          score: number
          user_id: string
        }
        Update: {
          answers?: Json
          course_id?: number
          created_at?: string
          id?: number
          lesson_id?: number
          passed?: boolean
          score?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "knowledge_check_attempts_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "knowledge_check_attempts_lesson_id_fkey"
            columns: ["lesson_id"]
            isOneToOne: false
            referencedRelation: "lessons"
            referencedColumns: ["id"]
          },
        ]
      }
      knowledge_check_presentations: {
        Row: {
          client_address: string | null
          course_id: number
          created_at: string
          expires_at: string
          graded_at: string | null
          id: string
          lesson_id: number
          passed: boolean | null
          permutations: Json
          question_keys: string[]
          score: number | null
          token_hash: string | null
          user_id: string | null
        }
        Insert: {
          client_address?: string | null
          course_id: number
          created_at?: string
          expires_at: string
          graded_at?: string | null
          id?: string
          lesson_id: number
          passed?: boolean | null
          permutations: Json
          question_keys: string[]
          score?: number | null
          token_hash?: string | null
          user_id?: string | null
        }
        Update: {
          client_address?: string | null
          course_id?: number
          created_at?: string
          expires_at?: string
          graded_at?: string | null
          id?: string
          lesson_id?: number
          passed?: boolean | null
          permutations?: Json
          question_keys?: string[]
          score?: number | null
          token_hash?: string | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "knowledge_check_presentations_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "knowledge_check_presentations_lesson_id_fkey"
            columns: ["lesson_id"]
            isOneToOne: false
            referencedRelation: "lessons"
            referencedColumns: ["id"]
          },
        ]
      }
      knowledge_check_questions: {
        Row: {
          answer: number | null
          explanation: string | null
          id: number
          lesson_id: number
          options: Json | null
          position: number
          prompt: string
          question_key: string
          section: string
          tolerance: number | null
          type: string
          unit: string | null
          updated_at: string
        }
        Insert: {
          answer?: number | null
          explanation?: string | null
          id?: number
          lesson_id: number
          options?: Json | null
          position: number
          prompt: string
          question_key: string
          section: string
          tolerance?: number | null
          type: string
          unit?: string | null
          updated_at?: string
        }
        Update: {
          answer?: number | null
          explanation?: string | null
          id?: number
          lesson_id?: number
          options?: Json | null
          position?: number
          prompt?: string
          question_key?: string
          section?: string
          tolerance?: number | null
          type?: string
          unit?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "knowledge_check_questions_lesson_id_fkey"
            columns: ["lesson_id"]
            isOneToOne: false
            referencedRelation: "lessons"
            referencedColumns: ["id"]
          },
        ]
      }
      knowledge_check_settings: {
        Row: {
          ask: number
          lesson_id: number
          updated_at: string
        }
        Insert: {
          ask: number
          lesson_id: number
          updated_at?: string
        }
        Update: {
          ask?: number
          lesson_id?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "knowledge_check_settings_lesson_id_fkey"
            columns: ["lesson_id"]
            isOneToOne: true
            referencedRelation: "lessons"
            referencedColumns: ["id"]
          },
        ]
      }
      lesson_bodies: {
        Row: {
          code: string
          content_hash: string
          format: string
          imports: Json
          lesson_id: number
          updated_at: string
        }
        Insert: {
          code: string
          content_hash: string
          format: string
          imports?: Json
          lesson_id: number
          updated_at?: string
        }
        Update: {
          code?: string
          content_hash?: string
          format?: string
          imports?: Json
          lesson_id?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "lesson_bodies_lesson_id_fkey"
            columns: ["lesson_id"]
            isOneToOne: true
            referencedRelation: "lessons"
            referencedColumns: ["id"]
          },
        ]
      }
      lessons: {
        Row: {
          course_id: number
          created_at: string
          description: string
          id: number
          is_active: boolean
          is_premium: boolean
          order_index: number
          slug: string
          title: string
          updated_at: string
        }
        Insert: {
          course_id: number
          created_at?: string
          description?: string
          id?: number
          is_active?: boolean
          is_premium?: boolean
          order_index?: number
          slug: string
          title: string
          updated_at?: string
        }
        Update: {
          course_id?: number
          created_at?: string
          description?: string
          id?: number
          is_active?: boolean
          is_premium?: boolean
          order_index?: number
          slug?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "lessons_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
        ]
      }
      mail_outbox: {
        Row: {
          attempts: number
          created_at: string
          dedupe_key: string
          id: number
          kind: string
          last_error: string | null
          next_attempt_at: string
          recipient: string
          sent_at: string | null
          user_id: string | null
          variables: Json
        }
        Insert: {
          attempts?: number
          created_at?: string
          dedupe_key: string
          id?: number
          kind: string
          last_error?: string | null
          next_attempt_at?: string
          recipient: string
          sent_at?: string | null
          user_id?: string | null
          variables?: Json
        }
        Update: {
          attempts?: number
          created_at?: string
          dedupe_key?: string
          id?: number
          kind?: string
          last_error?: string | null
          next_attempt_at?: string
          recipient?: string
          sent_at?: string | null
          user_id?: string | null
          variables?: Json
        }
        Relationships: []
      }
      paypal_webhook_events: {
        Row: {
          event_id: string
          event_type: string
          outcome: string | null
          payload: Json
          received_at: string
          resource_id: string | null
        }
        Insert: {
          event_id: string
          event_type: string
          outcome?: string | null
          payload: Json
          received_at?: string
          resource_id?: string | null
        }
        Update: {
          event_id?: string
          event_type?: string
          outcome?: string | null
          payload?: Json
          received_at?: string
          resource_id?: string | null
        }
        Relationships: []
      }
      pending_subscriptions: {
        Row: {
          activated_at: string | null
          amount: number
          cancelled_at: string | null
          code_redeemed: boolean
          created_at: string
          currency: string
          discount_code: string | null
          duplicate_of: string | null
          first_sale_id: string | null
          granted: unknown | null
          held_at: string | null
          hold_requested_at: string | null
          paypal_plan_id: string
          paypal_status: string
          paypal_subscription_id: string
          percent_off: number | null
          plan: string
          released_at: string | null
          request_id: string
          user_id: string
        }
        Insert: {
          activated_at?: string | null
          amount: number
          cancelled_at?: string | null
          code_redeemed?: boolean
          created_at?: string
          currency?: string
          discount_code?: string | null
          duplicate_of?: string | null
          first_sale_id?: string | null
          granted?: unknown | null
          held_at?: string | null
          hold_requested_at?: string | null
          paypal_plan_id: string
          paypal_status?: string
          paypal_subscription_id: string
          percent_off?: number | null
          plan: string
          released_at?: string | null
          request_id: string
          user_id: string
        }
        Update: {
          activated_at?: string | null
          amount?: number
          cancelled_at?: string | null
          code_redeemed?: boolean
          created_at?: string
          currency?: string
          discount_code?: string | null
          duplicate_of?: string | null
          first_sale_id?: string | null
          granted?: unknown | null
          held_at?: string | null
          hold_requested_at?: string | null
          paypal_plan_id?: string
          paypal_status?: string
          paypal_subscription_id?: string
          percent_off?: number | null
          plan?: string
          released_at?: string | null
          request_id?: string
          user_id?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          created_at: string
          discount_code: string | null
          full_name: string | null
          id: string
          paypal_subscription_id: string | null
          subscription_amount: number | null
          subscription_end_date: string | null
          subscription_plan: string | null
          subscription_start_date: string | null
          subscription_status: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          discount_code?: string | null
          full_name?: string | null
          id: string
          paypal_subscription_id?: string | null
          subscription_amount?: number | null
          subscription_end_date?: string | null
          subscription_plan?: string | null
          subscription_start_date?: string | null
          subscription_status?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          discount_code?: string | null
          full_name?: string | null
          id?: string
          paypal_subscription_id?: string | null
          subscription_amount?: number | null
          subscription_end_date?: string | null
          subscription_plan?: string | null
          subscription_start_date?: string | null
          subscription_status?: string
          updated_at?: string
        }
        Relationships: []
      }
      rate_limit_hits: {
        Row: {
          bucket: string
          hit_at: string
        }
        Insert: {
          bucket: string
          hit_at?: string
        }
        Update: {
          bucket?: string
          hit_at?: string
        }
        Relationships: []
      }
      saved_analyses: {
        Row: {
          created_at: string
          data: Json
          hksj: boolean
          id: string
          measure: string
          method: string
          name: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          data: Json
          hksj?: boolean
          id?: string
          measure: string
          method: string
          name: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          data?: Json
          hksj?: boolean
          id?: string
          measure?: string
          method?: string
          name?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      subscription_transactions: {
        Row: {
          amount: number
          created_at: string
          currency: string
          id: string
          paypal_event_id: string | null
          paypal_subscription_id: string | null
          status: string
          transaction_type: string
          user_id: string | null
        }
        Insert: {
          amount?: number
          created_at?: string
          currency?: string
          id?: string
          paypal_event_id?: string | null
          paypal_subscription_id?: string | null
          status: string
          transaction_type: string
          user_id?: string | null
        }
        Update: {
          amount?: number
          created_at?: string
          currency?: string
          id?: string
          paypal_event_id?: string | null
          paypal_subscription_id?: string | null
          status?: string
          transaction_type?: string
          user_id?: string | null
        }
        Relationships: []
      }
      user_course_progress: {
        Row: {
          completed_at: string | null
          course_id: number
          id: number
          last_accessed_at: string
          progress_percentage: number
          started_at: string
          user_id: string
        }
        Insert: {
          completed_at?: string | null
          course_id: number
          id?: number
          last_accessed_at?: string
          progress_percentage?: number
          started_at?: string
          user_id?: string
        }
        Update: {
          completed_at?: string | null
          course_id?: number
          id?: number
          last_accessed_at?: string
          progress_percentage?: number
          started_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_course_progress_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
        ]
      }
      user_lesson_progress: {
        Row: {
          completed_at: string | null
          course_id: number
          created_at: string
          id: number
          is_completed: boolean
          last_accessed_at: string
          lesson_id: number
          time_claimed_at: string | null
          time_spent: number
          user_id: string
        }
        Insert: {
          completed_at?: string | null
          course_id: number
          created_at?: string
          id?: number
          is_completed?: boolean
          last_accessed_at?: string
          lesson_id: number
          time_claimed_at?: string | null
          time_spent?: number
          user_id?: string
        }
        Update: {
          completed_at?: string | null
          course_id?: number
          created_at?: string
          id?: number
          is_completed?: boolean
          last_accessed_at?: string
          lesson_id?: number
          time_claimed_at?: string | null
          time_spent?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_lesson_progress_course_id_fkey"
            columns: ["course_id"]
            isOneToOne: false
            referencedRelation: "courses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_lesson_progress_lesson_id_fkey"
            columns: ["lesson_id"]
            isOneToOne: false
            referencedRelation: "lessons"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      activate_paid_subscription: {
        Args: { p_end: string; p_start: string; p_subscription_id: string }
        Returns: Json
      }
      admin_certificates: {
        Args: {
          p_limit?: number
          p_offset?: number
          p_query?: string
          p_status?: string
        }
        Returns: {
          code: string
          full_name: string
          user_email: string
          course_title: string
          issued_at: string
          revoked_at: string
          revoked_reason: string
          total_count: number
        }[]
      }
      admin_search_pattern: { Args: { p_text: string }; Returns: string }
      admin_transactions: {
        Args: never
        Returns: {
          id: string
          user_id: string
          user_email: string
          transaction_type: string
          amount: number
          currency: string
          status: string
          paypal_subscription_id: string
          created_at: string
        }[]
      }
      admin_transactions_page: {
        Args: {
          p_from?: string
          p_limit?: number
          p_offset?: number
          p_query?: string
          p_status?: string
          p_to?: string
          p_type?: string
        }
        Returns: {
          id: string
          user_id: string
          user_email: string
          user_name: string
          transaction_type: string
          amount: number
          currency: string
          status: string
          paypal_subscription_id: string
          created_at: string
          total_count: number
          total_revenue: number
          total_refunded: number
          total_failed: number
        }[]
      }
      apply_paypal_event: { Args: { p_event: Json }; Returns: string }
      begin_hold: {
        Args: { p_subscription_id: string; p_user: string }
        Returns: boolean
      }
      can_resume_subscription: { Args: never; Returns: boolean }
      certificate_checks: {
        Args: { p_course_id: number; p_until: string; p_user: string }
        Returns: Json
      }
      check_discount_code: { Args: { p_code: string }; Returns: Json }
      checkout_hold: { Args: never; Returns: unknown }
      claim_mail_batch: {
        Args: { p_limit?: number }
        Returns: {
          attempts: number
          created_at: string
          dedupe_key: string
          id: number
          kind: string
          last_error: string | null
          next_attempt_at: string
          recipient: string
          sent_at: string | null
          user_id: string | null
          variables: Json
        }[]
        SetofOptions: {
          from: "*"
          to: "mail_outbox"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      course_completion_percentage: {
        Args: { p_course_id: number; p_user_id: string }
        Returns: number
      }
      discount_code_problem: {
        Args: { p_code: string; p_for_user?: string }
        Returns: string
      }
      dispute_pauses_access: {
        Args: { p_subscription_id: string }
        Returns: boolean
      }
      enqueue_renewal_reminders: { Args: never; Returns: number }
      forget_payer_data: {
        Args: { p_subscription_ids: string[] }
        Returns: undefined
      }
      get_knowledge_check: {
        Args: { p_course_slug: string; p_lesson_slug: string }
        Returns: Json
      }
      get_premium_lesson: {
        Args: { p_course_slug: string; p_lesson_slug: string }
        Returns: Json
      }
      held_subscriptions_ended: { Args: never; Returns: string[] }
      hold_pending: {
        Args: { p_held_at: string; p_hold_requested_at: string }
        Returns: boolean
      }
      hold_subscription: {
        Args: { p_subscription_id: string }
        Returns: boolean
      }
      is_admin: { Args: never; Returns: boolean }
      is_premium: { Args: { p_user_id?: string }; Returns: boolean }
      issue_certificate_if_complete: {
        Args: { p_course_id: number; p_user: string }
        Returns: {
          checks: Json
          code: string
          course_id: number
          course_title: string
          full_name: string
          id: number
          issued_at: string
          pass_mark: number | null
          revoked_at: string | null
          revoked_reason: string | null
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "certificates"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      knowledge_check_iso: { Args: { p_at: string }; Returns: string }
      knowledge_check_lesson: {
        Args: { p_course_slug: string; p_lesson_slug: string }
        Returns: {
          course_id: number
          created_at: string
          description: string
          id: number
          is_active: boolean
          is_premium: boolean
          order_index: number
          slug: string
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "lessons"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      knowledge_check_pass_mark: { Args: never; Returns: number }
      knowledge_check_progress: {
        Args: never
        Returns: {
          course_slug: string
          lesson_slug: string
          best_score: number
          passed: boolean
          attempts: number
        }[]
      }
      knowledge_check_retry_at: {
        Args: { p_address: string; p_lesson_id: number; p_user: string }
        Returns: string
      }
      latest_sale_id: { Args: { p_subscription_id: string }; Returns: string }
      lock_subscription_owner: {
        Args: { p_subscription_id: string }
        Returns: string
      }
      mail_enqueue: {
        Args: {
          p_dedupe_key: string
          p_kind: string
          p_recipient: string
          p_user: string
          p_variables: Json
        }
        Returns: undefined
      }
      mail_renewal_reminder_days: { Args: never; Returns: number }
      mark_mail_failed: {
        Args: { p_error: string; p_id: number }
        Returns: undefined
      }
      mark_mail_sent: { Args: { p_id: number }; Returns: undefined }
      mark_subscription_cancelled: {
        Args: { p_subscription_id: string }
        Returns: undefined
      }
      my_paypal_subscriptions: {
        Args: never
        Returns: {
          paypal_subscription_id: string
          paypal_status: string
          amount: number
          currency: string
          discount_code: string
          activated_at: string
          cancelled_at: string
          is_current: boolean
        }[]
      }
      reconcile_subscription: {
        Args: {
          p_next_billing: string
          p_paypal_status: string
          p_subscription_id: string
        }
        Returns: string[]
      }
      record_pending_subscription: {
        Args: {
          p_amount: number
          p_currency: string
          p_discount_code: string
          p_paypal_plan_id: string
          p_percent_off: number
          p_plan: string
          p_request_id: string
          p_subscription_id: string
          p_user_id: string
        }
        Returns: undefined
      }
      release_checkout: {
        Args: { p_subscription_id: string }
        Returns: boolean
      }
      request_client_address: { Args: never; Returns: string }
      resumable_subscription: { Args: { p_user: string }; Returns: string }
      resume_held_subscription: {
        Args: { p_subscription_id: string }
        Returns: boolean
      }
      revoke_certificate: {
        Args: { p_code: string; p_reason?: string }
        Returns: Json
      }
      session_meets_mfa: { Args: never; Returns: boolean }
      start_knowledge_check: {
        Args: { p_course_slug: string; p_lesson_slug: string }
        Returns: Json
      }
      submit_knowledge_check: {
        Args: { p_answers: Json; p_attempt_id: string; p_token?: string }
        Returns: Json
      }
      subscriptions_to_cancel: {
        Args: { p_user_id: string }
        Returns: string[]
      }
      take_back_payment: {
        Args: { p_sale_id: string; p_subscription_id: string }
        Returns: boolean
      }
      take_discount_code_attempt: {
        Args: { p_address: string; p_user: string }
        Returns: undefined
      }
      take_rate_limit: {
        Args: { p_bucket: string; p_limit: number; p_window: unknown }
        Returns: boolean
      }
      track_lesson_progress: {
        Args: {
          p_completed?: boolean
          p_course_slug: string
          p_lesson_slug: string
          p_seconds?: number
        }
        Returns: {
          completed_at: string | null
          course_id: number
          id: number
          last_accessed_at: string
          progress_percentage: number
          started_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "user_course_progress"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      verify_certificate: {
        Args: { p_code: string }
        Returns: {
          full_name: string
          course_title: string
          course_slug: string
          issued_at: string
          status: string
          pass_mark: number
          checks: Json
          revoked_at: string
        }[]
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
