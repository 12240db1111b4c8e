/**
 * Operation (도입·운영) page copy (Korean).
 */
export const operation = {
  title: '도입·운영 안내',
  /** The line above the title, also on the page's share picture. */
  eyebrow: '서비스 운영',
  description:
    '도입 상담부터 채용 설계, 검사 운영, 결과 분석, 사후 관리까지 인사이트하이어가 채용의 전 과정을 함께 운영합니다.',
  lead: '솔루션을 도입하는 것만으로 채용이 바뀌지는 않습니다. 인사이트하이어는 기업과 공공기관의 채용 일정과 기준에 맞춰 설계부터 운영, 성과 검증까지 전담 인력이 함께합니다.',
  processEyebrow: '운영 프로세스',
  processTitle: '도입부터 성과 검증까지, 다섯 단계로 함께합니다',
  processLead: '처음 도입하는 기관도 안심하고 운영할 수 있도록 단계마다 필요한 준비와 점검을 지원합니다.',
  processAlt:
    '인사이트하이어 도입·운영 5단계: 도입 상담, 채용 설계, 지원자 안내·검사 운영, 결과 분석·리포트, 사후 관리·성과 검증이 화살표로 이어진 흐름도',
  successLinkLabel: '고객 성공 사례 보기',
  /** Under the process picture on narrow screens, where it scrolls sideways. */
  processScrollHint: '좌우로 밀어 전체 과정을 볼 수 있습니다.',
  steps: [
    {
      title: '도입 상담',
      body: '채용 규모와 일정, 현재 전형 구성과 고민을 듣고 기관에 맞는 솔루션 조합과 운영 방식을 제안합니다.',
    },
    {
      title: '채용 설계',
      body: '직무별 핵심 역량과 평가 기준을 정하고, AI 역량검사와 구조화 면접, 사전 질문의 문항과 배점을 함께 설계합니다.',
    },
    {
      title: '지원자 안내·검사 운영',
      body: '지원자 안내문과 응시 환경 점검을 지원하고, 검사 기간 동안 문의 응대와 응시 현황 관리를 함께 운영합니다.',
    },
    {
      title: '결과 분석·리포트',
      body: '검사와 면접 결과를 결과표와 요약 리포트로 정리하고, 합격 기준 설정과 심의 자료 작성을 지원합니다.',
    },
    {
      title: '사후 관리·성과 검증',
      body: '입사 후 성과와 평가 결과를 비교해 평가 기준의 타당성을 점검하고, 다음 채용에 반영할 개선점을 제안합니다.',
    },
  ],
  introEyebrow: '제품 소개',
  introTitle: '기관에 맞게 조합하는 인사이트하이어 솔루션',
  introLead:
    '필요한 기능만 선택해 도입하거나, 여러 솔루션을 연결해 채용 전 과정을 하나의 흐름으로 운영할 수 있습니다.',
} as const;
